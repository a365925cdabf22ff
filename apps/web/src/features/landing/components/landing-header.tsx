import { SCREEN_TEXT } from '@verba/shared';
import { BrandMark } from '@/components/ui/brand-mark';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-transparent bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4">
        <a
          href={paths.home}
          className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight"
        >
          <BrandMark className="size-8" />
          <span>Verba</span>
        </a>
        <nav aria-label="Account" className="flex items-center gap-1.5">
          <a href={paths.auth.login} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            {SCREEN_TEXT.signIn}
          </a>
          <a href={paths.auth.signup} className={buttonVariants({ size: 'sm' })}>
            {SCREEN_TEXT.getStarted}
          </a>
        </nav>
      </div>
    </header>
  );
}
