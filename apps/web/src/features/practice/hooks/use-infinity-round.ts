import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SCREEN_TEXT, type PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/core/api-error';
import { useProfile } from '@/lib/core/profile';
import { useSession } from '../api/get-session';
import { isNetworkFailure } from '../api/queue-on-device';
import { useStartSession } from '../api/start-session';
import { PRACTICE_TEXT } from '../texts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidParam = (value: string | null) => (value && UUID.test(value) ? value : null);

/** What infinity practice shows. */
export type InfinityRoundView =
  | { kind: 'finished'; session: PracticeSession; lastAnswerId: string | null }
  | { kind: 'no-words' }
  | { kind: 'failed' }
  | { kind: 'round'; session: PracticeSession }
  | { kind: 'loading' };

/**
 * Infinity practice (spec §2): a round of up to 20 of the learner's words (or one group's, with
 * `?group=<id>`), which changes no schedule. The round's id goes into the address, so a reload
 * resumes it at the same item; a round that is gone (another day, another account) is replaced
 * by a new one. The caller draws `view`.
 */
export function useInfinityRound() {
  const [params, setParams] = useSearchParams();
  const groupId = uuidParam(params.get('group'));
  const sessionId = uuidParam(params.get('session'));
  const profile = useProfile();
  // A learner with no words at all is told so without asking for a round the server would refuse.
  const profileKnown = profile.isError || (profile.isSuccess && !profile.isFetching);
  const noWords = profileKnown && profile.data?.totalWords === 0;
  const start = useStartSession();
  const resumed = useSession(sessionId);
  /**
   * The round whose last card has gone: its id, so a new round's address replaces it, and the
   * answer that completed it while Undo can take it back.
   */
  const [finished, setFinished] = useState<{ id: string; lastAnswerId: string | null } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);
  const startedFor = useRef<number | null>(null);
  /** Bumped to reopen the round from the server's copy (an answer it refused). */
  const [reopened, setReopened] = useState(0);

  const { mutate: startMutate } = start;
  useEffect(() => {
    if (sessionId || !profileKnown || noWords || startedFor.current === attempt) return;
    startedFor.current = attempt;
    startMutate(
      { mode: 'infinity', groupId },
      {
        onSuccess: (session) => {
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('session', session.id);
              return next;
            },
            { replace: true },
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) return;
          toast.error(PRACTICE_TEXT.errorLoadingWords);
        },
      },
    );
  }, [attempt, groupId, noWords, profileKnown, sessionId, setParams, startMutate]);

  const startOver = useCallback(() => {
    start.reset();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('session');
        return next;
      },
      { replace: true },
    );
    setAttempt((value) => value + 1);
  }, [setParams, start]);

  // A round that is gone (another day, another account) is replaced by a new one: without the
  // round's id in the address, the effect above starts a new round. While the server cannot be
  // reached, a round the device keeps goes on, and one it does not keep is not waited for.
  const unreachable = resumed.isPaused || isNetworkFailure(resumed.error);
  const resumeFailed =
    sessionId !== null &&
    (resumed.data === undefined
      ? resumed.isError || resumed.isPaused
      : resumed.isError && !unreachable);
  useEffect(() => {
    if (!resumeFailed) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('session');
        return next;
      },
      { replace: true },
    );
  }, [resumeFailed, setParams]);

  const onComplete = useCallback(
    (session: PracticeSession, lastAnswerId: string | null) =>
      setFinished({ id: session.id, lastAnswerId }),
    [],
  );
  // The undone last answer reopened the round (its query holds it again): back to that item.
  const onCompletionUndone = useCallback(() => {
    setFinished(null);
    setReopened((n) => n + 1);
  }, []);

  // An answer the server refused: the round is reopened from its copy (answered elsewhere), or
  // replaced by a new round when its day is over and it takes no more answers, so answers are not
  // lost to it. A round that cannot be read is replaced by the effect above.
  const { refetch: refetchRound } = resumed;
  const onSessionGone = useCallback(() => {
    void refetchRound().then(({ data }) => {
      const ended = data?.completedAt === null && Date.parse(data.expiresAt) <= Date.now();
      if (ended) startOver();
      else setReopened((n) => n + 1);
    });
  }, [refetchRound, startOver]);

  let view: InfinityRoundView;
  if (finished !== null && finished.id === sessionId && resumed.data) {
    view = { kind: 'finished', session: resumed.data, lastAnswerId: finished.lastAnswerId };
  } else if (noWords && !sessionId) {
    view = { kind: 'no-words' };
  } else if (start.isError) {
    const nothingToPractise = start.error instanceof ApiError && start.error.status === 409;
    view = { kind: nothingToPractise ? 'no-words' : 'failed' };
  } else if (sessionId && resumed.data) {
    view = { kind: 'round', session: resumed.data };
  } else {
    view = { kind: 'loading' };
  }

  return {
    view,
    // A group's round was started from that group: the way back leads there.
    back: groupId
      ? { to: paths.app.group(groupId), label: PRACTICE_TEXT.backToGroup }
      : { to: paths.app.feed, label: SCREEN_TEXT.backToFeed },
    starting: start.isPending,
    /** Changes when the round is to be drawn again from the server's copy. */
    reopened,
    startOver,
    onComplete,
    onCompletionUndone,
    onSessionGone,
  };
}
