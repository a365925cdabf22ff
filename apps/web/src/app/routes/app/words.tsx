import { useEffect } from 'react';
import { BookOpen, Upload } from 'lucide-react';
import { Link, Outlet, useParams } from 'react-router';
import { IMPORT_TEXT, isUuid, SCREEN_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { NOT_FOUND_META, NotFound } from '@/components/errors/not-found';
import { PageHeader } from '@/components/layouts/page-header';
import { WordCollection } from '@/features/words/components/word-collection';
import { WordGenerator } from '@/features/words/components/word-generator';
import { useAfterFirstPaint } from '@/lib/core/after-paint';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/core/profile';
import { useStagedRender } from '@/lib/core/staged-render';

/**
 * My Words: the word input and the collection, and the chosen word's card (/app/words/:id). From
 * 1024 px the card sits beside the list; on a phone it takes the list's place. Which one shows is
 * CSS alone: the list stays drawn while a card is open, so coming back finds it as it was.
 */
export function WordsRoute() {
  const { id } = useParams();
  const chosen = id !== undefined;
  // A link that cannot name a word is a page that does not exist, not a server error.
  const badLink = chosen && !isUuid(id);
  usePageMeta(badLink ? NOT_FOUND_META : chosen ? CARD_META : LIST_META);
  // The gate has loaded the profile: words are spoken and written in the target language.
  const targetLanguage = useProfile().data?.targetLanguage ?? 'es';
  // My Words warms the current practice session (spec §2 "App shell") once it is on screen.
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void import('./practice-prefetch').then((m) => m.prefetchPracticeForWords());
  }, [painted]);
  // The first time in a page load, the word input comes first and the collection below it in a
  // background render of its own (lib/core/staged-render.ts).
  const stage = useStagedRender(2);
  if (badLink) return <NotFound className="py-12" />;
  return (
    <div data-layout="wide">
      <PageHeader title={SCREEN_TEXT.myWords}>
        <Link to={paths.app.wordsImport} className={buttonVariants({ variant: 'outline' })}>
          <Upload aria-hidden="true" />
          {IMPORT_TEXT.button}
        </Link>
      </PageHeader>
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start lg:gap-8">
        <div className={cn('space-y-8', chosen && 'max-lg:hidden')}>
          <WordGenerator targetLanguage={targetLanguage} />
          {stage >= 2 && <WordCollection targetLanguage={targetLanguage} />}
        </div>
        {/* Sticky beside a long list, and scrolled on its own when taller than the window: a
            scrolling box takes keyboard focus, so it scrolls without a pointer too. */}
        <section
          aria-label={WORD_CARD_LABEL}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
          tabIndex={chosen ? 0 : undefined}
          className={cn(
            'rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:overflow-y-auto',
            !chosen && 'max-lg:hidden',
          )}
        >
          {chosen ? <Outlet /> : <NoWordChosen />}
        </section>
      </div>
    </div>
  );
}

const WORD_CARD_LABEL = 'Word card';
const LIST_META = {
  title: SCREEN_TEXT.myWords,
  description: 'Your word collection and AI word cards.',
  noindex: true,
};
const CARD_META = { ...LIST_META, description: 'A word card from your collection.' };

/** The card column on a wide screen before a word is chosen. */
function NoWordChosen() {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center gap-2 rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
      <BookOpen aria-hidden="true" className="size-8" />
      <p>Choose a word to see its card here.</p>
    </div>
  );
}
