import { WifiOff } from 'lucide-react';
import { PAGE_TEXT } from '@verba/shared';
import { useOnline } from '@/lib/online';

/**
 * The small mark the signed-in app shows while it cannot reach the server; the screens meanwhile
 * show what the device last knew.
 */
export function OfflineBadge() {
  const online = useOnline();
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center"
    >
      {!online && (
        <span className="flex items-center gap-1.5 rounded-full border bg-background/95 px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm">
          <WifiOff aria-hidden="true" className="size-3.5" />
          {PAGE_TEXT.offlineBadge}
        </span>
      )}
    </div>
  );
}
