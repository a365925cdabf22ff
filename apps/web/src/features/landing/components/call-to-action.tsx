import { ArrowRight } from 'lucide-react';
import { SCREEN_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

export function CallToAction() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16">
      {/* In dark mode a deep tint of the brand colour, not a light slab on a dark page. */}
      <div className="mx-auto flex max-w-3xl flex-col items-center rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg dark:border dark:border-primary/30 dark:bg-primary/15 dark:text-foreground dark:shadow-none">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance">
          Start building your vocabulary today
        </h2>
        <p className="mt-3 opacity-90">Free, with no ads. Your words, your pace.</p>
        <a
          href={paths.auth.signup}
          className={buttonVariants({
            variant: 'inverse',
            size: 'lg',
            className: 'mt-8 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90',
          })}
        >
          {SCREEN_TEXT.getStarted}
          <ArrowRight aria-hidden="true" />
        </a>
      </div>
    </section>
  );
}
