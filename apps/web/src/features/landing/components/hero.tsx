import { ArrowRight } from 'lucide-react';
import { PAGE_TEXT, SCREEN_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

export function Hero() {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-96 max-w-3xl rounded-full bg-gradient-to-br from-indigo-400/30 via-violet-400/20 to-amber-200/20 blur-3xl dark:from-indigo-500/25 dark:via-violet-500/15 dark:to-transparent"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-14 pb-16 text-center sm:pt-24 sm:pb-24">
        <p className="mb-5 rounded-full border bg-card/60 px-3 py-1 text-xs font-medium text-muted-foreground">
          Free and open source · No ads
        </p>
        <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
          {PAGE_TEXT.tagline}
        </h1>
        <p className="mt-4 text-xl font-medium text-primary sm:text-2xl">
          {PAGE_TEXT.taglineSecondary}
        </p>
        <p className="mt-6 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          Add any word or phrase with its study card: translation, pronunciation, examples and a
          mnemonic, written by an AI provider when the server has one, or by you. Smart spaced
          repetition brings it back right before you would forget it.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <a
            href={paths.auth.signup}
            className={buttonVariants({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            {SCREEN_TEXT.getStarted}
            <ArrowRight aria-hidden="true" />
          </a>
          <a
            href={paths.auth.login}
            className={buttonVariants({
              variant: 'outline',
              size: 'lg',
              className: 'w-full sm:w-auto',
            })}
          >
            {SCREEN_TEXT.signIn}
          </a>
        </div>
      </div>
    </section>
  );
}
