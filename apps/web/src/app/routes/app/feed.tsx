import { useEffect } from 'react';
import { SCREEN_TEXT, type PracticeSession } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { Spinner } from '@/components/ui/spinner';
import { CaughtUp } from '@/features/feed/components/caught-up';
import { FeedEmptyState } from '@/features/feed/components/feed-empty-state';
import { DiscoverNewWords } from '@/features/suggestions/components/discover-new-words';
import { FeedProgress } from '@/features/feed/components/feed-progress';
import { QuickReview } from '@/features/feed/components/quick-review';
import { SessionComplete } from '@/features/feed/components/session-complete';
import { SessionFailed } from '@/features/feed/components/session-failed';
import { FEED_TEXT } from '@/features/feed/texts';
import { useDailyPractice } from '@/features/practice/hooks/use-daily-practice';
import { MissedWords } from '@/features/practice/components/missed-words';
import { PracticeRunner } from '@/features/practice/components/practice-runner';
import { SummaryStats } from '@/features/practice/components/summary-stats';
import { UndoCompletion } from '@/features/practice/components/undo-answer-button';
import { sessionProgress } from '@/features/practice/utils/session-progress';
import { useAfterFirstPaint } from '@/lib/core/after-paint';
import { usePageMeta } from '@/lib/page-meta';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-6" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/**
 * The daily practice feed (spec §2 "Feed"): what the server decides it shows, drawn by the feed's
 * components around the practice runner (features/practice/hooks/use-daily-practice.ts).
 */
export function FeedRoute() {
  usePageMeta({
    title: SCREEN_TEXT.dailyPractice,
    description: "Today's spaced-repetition practice session.",
    noindex: true,
  });
  // The feed warms My Words (spec §2 "App shell") once it is on screen; loaded apart, so the
  // words feature does not join the feed's code.
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void import('./words-prefetch').then((m) => m.prefetchWordsForFeed());
  }, [painted]);
  const practice = useDailyPractice();
  const { view } = practice;

  let content;
  switch (view.kind) {
    case 'completed':
      content = (
        <>
          <SessionComplete
            stats={
              <div className="space-y-6">
                {view.session.summary && <SummaryStats summary={view.session.summary} />}
                <MissedWords session={view.session} />
              </div>
            }
            starting={practice.starting}
            onStartNew={practice.startNew}
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
          <DiscoverNewWords />
        </>
      );
      break;
    case 'failed':
      content = <SessionFailed retrying={practice.retrying} onRetry={practice.retry} />;
      break;
    case 'loading':
      content = <Loading label="Loading..." />;
      break;
    case 'no-words':
      content = (
        <>
          <FeedEmptyState />
          <DiscoverNewWords />
        </>
      );
      break;
    case 'session':
      content = (
        <PracticeRunner
          key={`${view.session.id}:${practice.reopened}`}
          initialSession={view.session}
          header={(session) => <FeedProgress {...progressOf(session)} />}
          onComplete={practice.onComplete}
          onSessionGone={practice.onSessionGone}
        />
      );
      break;
    case 'quick-review':
      content = (
        <QuickReview
          dueCount={view.dueCount}
          practiseAgainCount={view.practiseAgainCount}
          starting={practice.starting}
          onStart={practice.startQuickReview}
        />
      );
      break;
    case 'due':
      content = <Loading label={FEED_TEXT.preparing} />;
      break;
    case 'caught-up':
      content = (
        <>
          <CaughtUp nextReviewDate={view.nextReviewDate} />
          <DiscoverNewWords />
        </>
      );
      break;
  }

  return (
    <>
      <PageHeader title={SCREEN_TEXT.dailyPractice} />
      {content}
    </>
  );
}

function progressOf(session: PracticeSession) {
  const { answered, total } = sessionProgress(session);
  return { answered, total };
}
