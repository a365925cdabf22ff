import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countOf, UNITS, type FeedState, type PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
import { ApiError, NETWORK_ERROR } from '@/lib/core/api-error';
import { useOnline } from '@/lib/core/online';
import { queryKeys } from '@/lib/core/query-keys';
import { useFeed } from '../api/get-feed';
import { useStartSession } from '../api/start-session';
import { PRACTICE_TEXT } from '../texts';

/** The session just completed, and the answer that completed it while Undo can take it back. */
export interface CompletedSession {
  session: PracticeSession;
  lastAnswerId: string | null;
}

/** What the feed shows: the server's state, or what happened since (completed, failed). */
export type DailyPracticeView =
  ({ kind: 'completed' } & CompletedSession) | { kind: 'failed' } | { kind: 'loading' } | FeedState;

/**
 * The daily practice (spec §2 "Feed", §4 "Feed session selection"): the server decides what the
 * feed shows; words due with no session open start one at once (once for each answer from the
 * server; offline, on the device from the words it keeps). The caller draws `view`.
 */
export function useDailyPractice() {
  const queryClient = useQueryClient();
  const feed = useFeed();
  const online = useOnline();
  const start = useStartSession();
  const [completed, setCompleted] = useState<CompletedSession | null>(null);
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
              if (asked) {
                toast.success(PRACTICE_TEXT.allDone, {
                  description: PRACTICE_TEXT.allDoneDescription,
                });
              }
              void refreshFeed();
              return;
            }
            if (!asked && error instanceof ApiError && error.code === NETWORK_ERROR) {
              // Offline: tried again once the server answers, never an error screen meanwhile.
              autoStartedFor.current = null;
              return;
            }
            setStartFailed(true);
            toast.error(PRACTICE_TEXT.generationError, {
              description: PRACTICE_TEXT.generationErrorDescription,
            });
          },
        },
      );
    },
    [refreshFeed, startMutate],
  );

  // Words are due and no session is open: start one, once for each answer from the server, and
  // again when the server is back after a start that could not reach it (offline, the device
  // starts one from the words it keeps, when it has them).
  const kind = feed.data?.kind;
  useEffect(() => {
    if (kind !== 'due' || completed || startFailed) return;
    if (autoStartedFor.current === feed.dataUpdatedAt) return;
    autoStartedFor.current = feed.dataUpdatedAt;
    startDaily(false);
  }, [completed, feed.dataUpdatedAt, kind, online, startDaily, startFailed]);

  const onComplete = useCallback(
    (session: PracticeSession, lastAnswerId: string | null) => {
      setCompleted({ session, lastAnswerId });
      toast.success(PRACTICE_TEXT.sessionComplete, {
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

  const onSessionGone = useCallback(
    () => void refreshFeed().then(() => setReopened((n) => n + 1)),
    [refreshFeed],
  );

  // After a session the feed has asked the server what comes next; nothing due needs no request.
  const startNew = () => {
    if (!feed.isFetching && feed.data?.kind === 'caught-up') {
      setCompleted(null);
      toast.success(PRACTICE_TEXT.allDone, { description: PRACTICE_TEXT.allDoneDescription });
      return;
    }
    startDaily(true);
  };

  const retry = () => (startFailed ? startDaily(false) : void feed.refetch());

  let view: DailyPracticeView;
  if (completed) view = { kind: 'completed', ...completed };
  else if (startFailed || (feed.isError && !feed.data)) view = { kind: 'failed' };
  else if (!feed.data || showsReplacedEnd(feed)) view = { kind: 'loading' };
  else view = feed.data;

  return {
    view,
    /** A start asked for is on its way. */
    starting: start.isPending,
    retrying: start.isPending || feed.isFetching,
    /** Changes when the open session is to be drawn again from the server's copy. */
    reopened,
    /** Starts (or resumes) today's session, as the learner asked. */
    startQuickReview: () => startDaily(true),
    startNew,
    retry,
    onComplete,
    onCompletionUndone,
    onSessionGone,
  };
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
