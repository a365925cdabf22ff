import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SCREEN_TEXT, TOAST, type SessionUser } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { paths } from '@/config/paths';
import { queryKeys } from '@/lib/core/query-keys';
import type * as Unsynced from '@/lib/outbox/unsynced-sign-out';
import { useSignOut } from '../api/sign-out';

/**
 * Signs out; `compact` is the small text button for a page header (onboarding). With practice
 * made offline still waiting to be synced, the learner is first told how many answers would be
 * lost and offered to wait (lib/outbox/unsynced-sign-out.tsx, loaded on demand).
 */
export function SignOutButton({ compact = false }: { compact?: boolean }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<{
    learnerId: string;
    count: number;
    ui: typeof Unsynced;
  }>();
  const signOutNow = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate(paths.auth.login, { replace: true }),
      onError: (error) => toast.error(TOAST.error, { description: error.message }),
    });
  const ask = async () => {
    const learnerId = queryClient.getQueryData<SessionUser | null>(queryKeys.session)?.id;
    // Without an outbox on this device (no IndexedDB) nothing waits.
    const ui = learnerId && (await import('@/lib/outbox/unsynced-sign-out').catch(() => null));
    const count = ui ? await ui.waitingFor(learnerId).catch(() => 0) : 0;
    if (ui && count > 0) setWaiting({ learnerId, count, ui });
    else signOutNow();
  };
  return (
    <>
      <Button
        variant={compact ? 'ghost' : 'outline'}
        size={compact ? 'sm' : 'default'}
        className={
          compact ? '-mr-2 text-muted-foreground' : 'w-full text-destructive hover:text-destructive'
        }
        loading={signOut.isPending}
        onClick={() => void ask()}
      >
        {!signOut.isPending && !compact && <LogOut aria-hidden="true" />}
        {SCREEN_TEXT.signOut}
      </Button>
      {waiting && (
        <waiting.ui.UnsyncedSignOut
          learnerId={waiting.learnerId}
          count={waiting.count}
          onWait={() => setWaiting(undefined)}
          onSignOut={() => {
            setWaiting(undefined);
            signOutNow();
          }}
        />
      )}
    </>
  );
}
