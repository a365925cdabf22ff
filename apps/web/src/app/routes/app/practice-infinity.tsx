import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { useInfinityRound } from '@/features/practice/hooks/use-infinity-round';
import { InfinityProgress } from '@/features/practice/components/infinity-progress';
import {
  GreatPractice,
  InfinityLoadFailed,
  NoWordsAvailable,
} from '@/features/practice/components/infinity-states';
import { PracticeRunner } from '@/features/practice/components/practice-runner';
import { UndoCompletion } from '@/features/practice/components/undo-answer-button';
import { usePageMeta } from '@/lib/page-meta';

/** Infinity practice (spec §2), drawn around the round that features/practice runs. */
export function InfinityPracticeRoute() {
  usePageMeta({
    title: SCREEN_TEXT.infinityPractice,
    description: 'Practise your words without limits.',
    noindex: true,
  });
  const practice = useInfinityRound();
  const { view, back } = practice;

  let content;
  switch (view.kind) {
    case 'finished':
      content = (
        <GreatPractice
          session={view.session}
          back={back}
          starting={practice.starting}
          onPracticeAgain={practice.startOver}
          undo={
            view.lastAnswerId && (
              <UndoCompletion
                sessionId={view.session.id}
                answerId={view.lastAnswerId}
                onUndone={practice.onCompletionUndone}
              />
            )
          }
        />
      );
      break;
    case 'no-words':
      content = <NoWordsAvailable />;
      break;
    case 'failed':
      content = <InfinityLoadFailed retrying={false} onRetry={practice.startOver} />;
      break;
    case 'round':
      content = (
        <PracticeRunner
          key={`${view.session.id}:${practice.reopened}`}
          initialSession={view.session}
          header={(session, item) => <InfinityProgress session={session} item={item} />}
          onComplete={practice.onComplete}
          onSessionGone={practice.onSessionGone}
        />
      );
      break;
    case 'loading':
      content = (
        <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
          <Spinner className="size-6" />
          <span className="text-sm">Loading...</span>
        </div>
      );
      break;
  }

  return (
    <>
      <Link
        to={back.to}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 mb-2' })}
      >
        <ArrowLeft aria-hidden="true" />
        {back.label}
      </Link>
      <PageHeader title={SCREEN_TEXT.infinityPractice} />
      {content}
    </>
  );
}
