import { useId, useState } from 'react';
import { PROFILE_TEXT, type Profile } from '@verba/shared';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { haptic, hapticsEnabled, setHapticsEnabled } from '@/lib/core/haptics';
import { useUpdateProfile } from '@/lib/core/profile';
import { useServerConfig } from '@/lib/server-config';

function SwitchRow({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={`${id}-description`}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
      />
    </div>
  );
}

/**
 * Haptics (kept on this device) and analytics (kept with the profile, offered only when the server
 * has analytics set up: otherwise there is nothing to share). A failed preference update is only
 * logged (spec §8); the switch goes back.
 */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const [haptics, setHaptics] = useState(hapticsEnabled);
  const update = useUpdateProfile();
  const analyticsOffered = Boolean(useServerConfig().data?.posthogKey);
  const analytics = update.isPending
    ? (update.variables.analyticsEnabled ?? profile.analyticsEnabled)
    : profile.analyticsEnabled;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Preferences</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <SwitchRow
          label={PROFILE_TEXT.haptics}
          description={PROFILE_TEXT.hapticsDescription}
          checked={haptics}
          onChange={(on) => {
            setHapticsEnabled(on);
            setHaptics(on);
            if (on) haptic('selection');
          }}
        />
        {analyticsOffered && (
          <SwitchRow
            label={PROFILE_TEXT.analytics}
            description={PROFILE_TEXT.analyticsDescription}
            checked={analytics}
            onChange={(on) =>
              update.mutate(
                { analyticsEnabled: on },
                { onError: (error) => console.error('Could not save the analytics choice', error) },
              )
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
