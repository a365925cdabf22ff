import { CloudCheck, WifiOff } from 'lucide-react';
import { PAGE_TEXT } from '@verba/shared';
import { useOnline } from '@/lib/core/online';
import { useOutboxStatus } from '@/lib/outbox/outbox-status';
import { OUTBOX_STATUS_TEXT } from '@/lib/outbox/texts';

/**
 * What the offline badge says: "Offline" while the server cannot be reached, how many answers
 * wait on the device to be synced ("Offline — 3 answers waiting"), and for a moment once the
 * last of them reached the server, "Synced".
 */
export function OfflineMark() {
  const online = useOnline();
  const { waiting, synced } = useOutboxStatus();
  const text =
    waiting > 0
      ? OUTBOX_STATUS_TEXT.waiting(waiting, online)
      : !online
        ? PAGE_TEXT.offlineBadge
        : synced
          ? OUTBOX_STATUS_TEXT.synced
          : null;
  if (!text) return null;
  const Icon = online && waiting === 0 ? CloudCheck : WifiOff;
  return (
    <span
      data-testid="offline-badge"
      className="-mt-3 mb-3 flex items-center gap-1.5 rounded-full border bg-muted px-3 py-1 text-xs font-medium text-muted-foreground"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {text}
    </span>
  );
}
