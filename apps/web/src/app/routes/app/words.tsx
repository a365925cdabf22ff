import { useEffect } from 'react';
import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { WordCollection } from '@/features/words/components/word-collection';
import { WordGenerator } from '@/features/words/components/word-generator';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';
import { useStagedRender } from '@/lib/staged-render';

export function WordsRoute() {
  usePageMeta({
    title: SCREEN_TEXT.myWords,
    description: 'Your word collection and AI word cards.',
    noindex: true,
  });
  // The gate has loaded the profile: words are spoken and written in the target language.
  const targetLanguage = useProfile().data?.targetLanguage ?? 'es';
  // My Words warms the current practice session (spec §2 "App shell") once it is on screen.
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void import('./practice-prefetch').then((m) => m.prefetchPracticeForWords());
  }, [painted]);
  // The first time in a page load, the word input comes first and the collection below it in a
  // background render of its own (lib/staged-render.ts).
  const stage = useStagedRender(2);
  return (
    <>
      <PageHeader title={SCREEN_TEXT.myWords} />
      <div className="space-y-8">
        <WordGenerator targetLanguage={targetLanguage} />
        {stage >= 2 && <WordCollection targetLanguage={targetLanguage} />}
      </div>
    </>
  );
}
