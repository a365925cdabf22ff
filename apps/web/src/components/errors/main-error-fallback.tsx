import { TriangleAlert } from 'lucide-react';
import { PAGE_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/**
 * The global error screen (spec §2, "Global error fallback"). It works with or without the
 * router, so "Go Home" is a full page load: it also clears whatever state broke the page.
 */
export function MainErrorFallback() {
  return (
    <main
      role="alert"
      className="mx-auto flex min-h-dvh w-full max-w-md flex-col items-center justify-center gap-6 px-6 py-12 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </div>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{PAGE_TEXT.errorTitle}</h1>
        <p className="text-muted-foreground">{PAGE_TEXT.errorText}</p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          {PAGE_TEXT.errorReload}
        </button>
        <a href={paths.app.feed} className={buttonVariants({ variant: 'outline' })}>
          {PAGE_TEXT.errorHome}
        </a>
      </div>
      <p className="text-xs text-muted-foreground">{PAGE_TEXT.errorFooter}</p>
    </main>
  );
}
