import { WifiOff } from 'lucide-react';
import { PAGE_TEXT } from '@verba/shared';
import { Spinner } from '@/components/ui/spinner';

/** What the route gates show while they find out who is signed in. */
export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh items-center justify-center gap-2 text-muted-foreground"
    >
      <Spinner className="size-5" />
      <span>{PAGE_TEXT.loading}</span>
    </div>
  );
}

/** Shown when the app opens without a network before it has anything saved on this device. */
export function OfflineScreen() {
  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 px-8 text-center"
    >
      <WifiOff aria-hidden="true" className="size-8 text-muted-foreground" />
      <h1 className="text-xl font-semibold">{PAGE_TEXT.offlineTitle}</h1>
      <p className="text-muted-foreground">{PAGE_TEXT.offlineText}</p>
    </div>
  );
}
