import { Button } from '@/components/ui/core/button';
import { forgetOutbox, requestSend, waitingFor } from './outbox-sync';
import { OUTBOX_TEXT } from './sync-texts';

export { waitingFor };

/**
 * Signing out with practice made offline still waiting to be synced: says how many answers would
 * be lost, and offers to wait for them to reach the server (sent at once if they can be) or to
 * sign out leaving nothing of the learner's on the device. In place under the sign-out button
 * rather than a modal, and loaded only when there is something to say.
 */
export function UnsyncedSignOut({
  learnerId,
  count,
  onWait,
  onSignOut,
}: {
  learnerId: string;
  count: number;
  onWait: () => void;
  onSignOut: () => void;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="unsynced-title"
      aria-describedby="unsynced-text"
      className="mt-3 space-y-3 rounded-xl border border-destructive/40 p-4 text-start"
    >
      <p id="unsynced-title" className="font-semibold">
        {OUTBOX_TEXT.unsyncedTitle(count)}
      </p>
      <p id="unsynced-text" className="text-sm text-muted-foreground">
        {OUTBOX_TEXT.unsyncedDescription}
      </p>
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button
          ref={(button) => button?.focus()}
          onClick={() => {
            requestSend();
            onWait();
          }}
        >
          {OUTBOX_TEXT.waitForSync}
        </Button>
        <Button
          variant="outline"
          className="text-destructive hover:text-destructive"
          onClick={() => void forgetOutbox(learnerId).finally(onSignOut)}
        >
          {OUTBOX_TEXT.signOutAnyway}
        </Button>
      </div>
    </div>
  );
}
