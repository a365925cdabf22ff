import { memo, useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChartColumn, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { PROFILE_TEXT, type Profile } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AccountSettings } from '@/features/account/components/account-settings';
import { AdminLinkCard } from '@/features/admin/components/admin-link-card';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { SsoLinkButton } from '@/features/auth/components/sso-link-button';
import { FeedbackDialog } from '@/features/feedback/components/feedback-dialog';
import { InstallCard } from '@/features/install/components/install-card';
import { PreferencesCard } from '@/features/profile/components/preferences-card';
import { ProfileIdentity } from '@/features/profile/components/profile-identity';
import { ProgressCards } from '@/features/profile/components/progress-cards';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { usePageMeta } from '@/lib/page-meta';
import { profileWithStatsQueryOptions, useProfile } from '@/lib/core/profile';
import { useStagedRender } from '@/lib/core/staged-render';

export function ProfileRoute() {
  usePageMeta({
    title: 'Profile',
    description: 'Your progress, settings and account.',
    noindex: true,
  });
  // Opening the profile asks for stats counted from the words (the spec's profile-stats
  // synchronisation), showing the saved profile meanwhile or offline.
  const { data: counted } = useQuery(profileWithStatsQueryOptions());
  const { data: saved } = useProfile();
  // The counted copy replaces the saved one in a background render: the whole screen shows the
  // profile, and redrawing it at once would block input in one long task. The sections are
  // memoised, so the urgent render that receives the counted copy does not redraw them either.
  const profile = useDeferredValue(counted ?? saved);
  return (
    <>
      <PageHeader title="Profile" />
      {!profile ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : (
        <ProfileSections profile={profile} />
      )}
    </>
  );
}

/** The way to the Progress screen, under the progress cards it expands on. */
function ProgressLink() {
  return (
    <Link
      to={paths.app.progress}
      className="flex items-center gap-3 rounded-2xl border bg-card p-4 shadow-sm outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ChartColumn aria-hidden="true" className="size-5 text-primary" />
      <span className="flex-1">
        <span className="block font-medium">{PROFILE_TEXT.progressLink}</span>
        <span className="block text-sm text-muted-foreground">
          {PROFILE_TEXT.progressLinkDetail}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
    </Link>
  );
}

/**
 * The profile's sections. The first time they are drawn in a page load, what the first screenful
 * shows comes first and the settings below follow in background renders of their own
 * (lib/core/staged-render.ts).
 */
const ProfileSections = memo(function ProfileSections({ profile }: { profile: Profile }) {
  const stage = useStagedRender(4);
  return (
    <div className="flex flex-col gap-4">
      <ProfileIdentity profile={profile} />
      <ProgressCards profile={profile} />
      <ProgressLink />
      <InstallCard />
      {stage >= 2 && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Appearance</CardTitle>
            <CardDescription>Light, dark, or follow your device.</CardDescription>
          </CardHeader>
          <CardContent>
            <ThemeToggle />
          </CardContent>
        </Card>
      )}
      {stage >= 2 && <PreferencesCard profile={profile} />}
      {stage >= 3 && <AccountSettings profile={profile} />}
      {stage >= 4 && <SsoLinkButton />}
      {stage >= 4 && <AdminLinkCard />}
      {stage >= 4 && <FeedbackDialog />}
      {stage >= 4 && <SignOutButton />}
    </div>
  );
});
