import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countOf, SCREEN_TEXT, UNITS, type FeedState, type PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
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
import { useFeed } from '@/features/practice/api/get-feed';
import { useStartSession } from '@/features/practice/api/start-session';
import { MissedWords } from '@/features/practice/components/missed-words';
import { PracticeRunner } from '@/features/practice/components/practice-runner';
import { SummaryStats } from '@/features/practice/components/summary-stats';
import { UndoCompletion } from '@/features/practice/components/undo-answer-button';
import { sessionProgress } from '@/features/practice/utils/session-progress';
import { useAfterFirstPaint } from '@/lib/after-paint';
import { ApiError, NETWORK_ERROR } from '@/lib/api-error';
import { useOnline } from '@/lib/online';
import { usePageMeta } from '@/lib/page-meta';
import { queryKeys } from '@/lib/query-keys';

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-6" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/**
 * The daily practice feed (spec §2 "Feed", §4 "Feed session selection"). The server decides what
 * it shows; words due with no session open start one at once.
 */
export function FeedRoute() {
  usePageMeta({
    title: SCREEN_TEXT.dailyPractice,
    description: "Today's spaced-repetition practice session.",
    noindex: true,
  });
  const queryClient = useQueryClient();
  // The feed warms My Words (spec §2 "App shell") once it is on screen; loaded apart, so the
  // words feature does not join the feed's code.
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (painted) void import('./words-prefetch').then((m) => m.prefetchWordsForFeed());
  }, [painted]);
  const feed = useFeed();
  const online = useOnline();
  const start = useStartSession();
  /** The session just completed, and the answer that completed it while Undo can take it back. */
  const [completed, setCompleted] = useState<{
    session: PracticeSession;
    lastAnswerId: string | null;
  } | null>(null);
  const [startFailed, setStartFailed] = useState(false);
  const autoStartedFor = useRef<number | null>(null);
  /** Bumped to reopen the session from the server's copy (an answer it refused). */
  const [reopened, setReopened] = useState(0);

  const refreshFeed = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queryKeys.practiceFeed }),
    [queryClient],
  );

  const { mutate: startMutate } = start;
  const startDaily = useCallback(
    (asked: boolean) => {
      setStartFailed(false);
      startMutate(
        { mode: 'daily' },
        {
          onSuccess: () => setCompleted(null),
          onError: (error) => {
            if (error instanceof ApiError && error.status === 409) {
              // Nothing is due any more.
              setCompleted(null);
              if (asked)
                toast.success(FEED_TEXT.allDone, { description: FEED_TEXT.allDoneDescription });
              void refreshFeed();
              return;
            }
            if (!asked && error instanceof ApiError && error.code === NETWORK_ERROR) {
              // Offline: tried again once the server answers, never an error screen meanwhile.
              autoStartedFor.current = null;
              return;
            }
            setStartFailed(true);
            toast.error(FEED_TEXT.generationError, {
              description: FEED_TEXT.generationErrorDescription,
            });
          },
        },
      );
    },
    [refreshFeed, startMutate],
  );

  // Words are due and no session is open: start one, once for each answer from the server.
  // Offline, the feed waits with what it last knew instead of failing to start one.
  const kind = feed.data?.kind;
  useEffect(() => {
    if (kind !== 'due' || completed || startFailed || !online) return;
    if (autoStartedFor.current === feed.dataUpdatedAt) return;
    autoStartedFor.current = feed.dataUpdatedAt;
    startDaily(false);
  }, [completed, feed.dataUpdatedAt, kind, online, startDaily, startFailed]);

  const onComplete = useCallback(
    (session: PracticeSession, lastAnswerId: string | null) => {
      setCompleted({ session, lastAnswerId });
      toast.success(FEED_TEXT.sessionComplete, {
        id: completionToastId(session.id),
        description: session.summary
          ? `${countOf(session.summary.wordsPracticed, UNITS.word)} practised, ${session.summary.accuracy}% correct.`
          : undefined,
      });
      void refreshFeed();
    },
    [refreshFeed],
  );

  // The undone last answer reopened the session (the feed holds it again): back to its item, and
  // the completion's toast goes with the completion.
  const onCompletionUndone = useCallback((session: PracticeSession) => {
    toast.dismiss(completionToastId(session.id));
    setCompleted(null);
    setReopened((n) => n + 1);
  }, []);

  // After a session the feed has asked the server what comes next; nothing due needs no request.
  const startNew = () => {
    if (!feed.isFetching && feed.data?.kind === 'caught-up') {
      setCompleted(null);
      toast.success(FEED_TEXT.allDone, { description: FEED_TEXT.allDoneDescription });
      return;
    }
    startDaily(true);
  };

  let content;
  if (completed) {
    content = (
      <>
        <SessionComplete
          stats={
            <div className="space-y-6">
              {completed.session.summary && <SummaryStats summary={completed.session.summary} />}
              <MissedWords session={completed.session} />
            </div>
          }
          starting={start.isPending}
          onStartNew={startNew}
          undo={
            completed.lastAnswerId && (
              <UndoCompletion
                sessionId={completed.session.id}
                answerId={completed.lastAnswerId}
                onUndone={onCompletionUndone}
              />
            )
          }
        />
        <DiscoverNewWords />
      </>
    );
  } else if (startFailed || (feed.isError && !feed.data)) {
    content = (
      <SessionFailed
        retrying={start.isPending || feed.isFetching}
        onRetry={() => (startFailed ? startDaily(false) : void feed.refetch())}
      />
    );
  } else if (!feed.data || showsReplacedEnd(feed)) {
    content = <Loading label="Loading..." />;
  } else {
    const state = feed.data;
    switch (state.kind) {
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
            key={`${state.session.id}:${reopened}`}
            initialSession={state.session}
            header={(session) => <FeedProgress {...progressOf(session)} />}
            onComplete={onComplete}
            onSessionGone={() => void refreshFeed().then(() => setReopened((n) => n + 1))}
          />
        );
        break;
      case 'quick-review':
        content = (
          <QuickReview
            dueCount={state.dueCount}
            practiseAgainCount={state.practiseAgainCount}
            starting={start.isPending}
            onStart={() => startDaily(true)}
          />
        );
        break;
      case 'due':
        content = <Loading label={FEED_TEXT.preparing} />;
        break;
      case 'caught-up':
        content = (
          <>
            <CaughtUp nextReviewDate={state.nextReviewDate} />
            <DiscoverNewWords />
          </>
        );
        break;
    }
  }

  return (
    <>
      <PageHeader title={SCREEN_TEXT.dailyPractice} />
      {content}
    </>
  );
}

/**
 * Words were added or deleted (here or anywhere) since the feed last asked, and its new answer is
 * on the way: 'Let's start learning!' or 'All caught up!' may no longer be true, so neither is
 * shown until the answer comes.
 */
function showsReplacedEnd(feed: { data?: FeedState; isStale: boolean; isFetching: boolean }) {
  const kind = feed.data?.kind;
  return feed.isStale && feed.isFetching && (kind === 'no-words' || kind === 'caught-up');
}

/** One toast per completed session, so that undoing the completion takes its toast away. */
const completionToastId = (sessionId: string) => `session-complete:${sessionId}`;

function progressOf(session: PracticeSession) {
  const { answered, total } = sessionProgress(session);
  return { answered, total };
}
