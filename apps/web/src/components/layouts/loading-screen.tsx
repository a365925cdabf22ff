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
