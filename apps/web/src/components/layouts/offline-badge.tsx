import { WifiOff } from 'lucide-react';
import { PAGE_TEXT } from '@verba/shared';
import { useOnline } from '@/lib/online';

/**
 * The small mark the signed-in app shows above each screen while it cannot reach the server; the
 * screens meanwhile show what the device last knew. It takes its own line rather than floating
 * over the page's title.
 */
export function OfflineBadge() {
  const online = useOnline();
  return (
    <div role="status" className="flex justify-center">
      {!online && (
        <span className="-mt-3 mb-3 flex items-center gap-1.5 rounded-full border bg-muted px-3 py-1 text-xs font-medium text-muted-foreground">
          <WifiOff aria-hidden="true" className="size-3.5" />
          {PAGE_TEXT.offlineBadge}
        </span>
      )}
    </div>
  );
}
