import { MEASUREMENT_METHOD_URL, PAGE_TEXT, SCREEN_TEXT } from '@verba/shared';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <div className="flex items-center gap-2">
          <BrandMark className="size-6" />
          <span>
            <span className="font-semibold text-foreground">Verba</span> · {PAGE_TEXT.tagline}
          </span>
        </div>
        <nav aria-label="Footer" className="flex gap-4">
          <a href={paths.auth.login} className="hover:text-foreground">
            {SCREEN_TEXT.signIn}
          </a>
          <a href={paths.auth.signup} className="hover:text-foreground">
            {SCREEN_TEXT.getStarted}
          </a>
          <a href={MEASUREMENT_METHOD_URL} className="hover:text-foreground">
            {SCREEN_TEXT.howWeMeasured}
          </a>
        </nav>
      </div>
    </footer>
  );
}
