import { useCallback, useEffect, useRef, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SCREEN_TEXT, type PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/features/practice/api/get-session';
import { useStartSession } from '@/features/practice/api/start-session';
import { InfinityProgress } from '@/features/practice/components/infinity-progress';
import {
  GreatPractice,
  InfinityLoadFailed,
  NoWordsAvailable,
} from '@/features/practice/components/infinity-states';
import { PracticeRunner } from '@/features/practice/components/practice-runner';
import { UndoCompletion } from '@/features/practice/components/undo-answer-button';
import { PRACTICE_TEXT } from '@/features/practice/texts';
import { ApiError } from '@/lib/api-error';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidParam(value: string | null): string | null {
  return value && UUID.test(value) ? value : null;
}

/**
 * Infinity practice (spec §2): a round of up to 20 of the learner's words (or one group's, with
 * `?group=<id>`), which changes no schedule. The round's id goes into the address, so a reload
 * resumes it at the same item.
 */
export function InfinityPracticeRoute() {
  usePageMeta({
    title: SCREEN_TEXT.infinityPractice,
    description: 'Practise your words without limits.',
    noindex: true,
  });
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
  // round's id in the address, the effect above starts a new round.
  const resumeFailed = sessionId !== null && resumed.isError;
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

  // A group's round was started from that group: the way back leads there.
  const back = groupId
    ? { to: paths.app.group(groupId), label: PRACTICE_TEXT.backToGroup }
    : { to: paths.app.feed, label: SCREEN_TEXT.backToFeed };

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

  let content;
  if (finished !== null && finished.id === sessionId && resumed.data) {
    content = (
      <GreatPractice
        session={resumed.data}
        back={back}
        starting={start.isPending}
        onPracticeAgain={startOver}
        undo={
          finished.lastAnswerId && (
            <UndoCompletion
              sessionId={finished.id}
              answerId={finished.lastAnswerId}
              onUndone={onCompletionUndone}
            />
          )
        }
      />
    );
  } else if (noWords && !sessionId) {
    content = <NoWordsAvailable />;
  } else if (start.isError) {
    content =
      start.error instanceof ApiError && start.error.status === 409 ? (
        <NoWordsAvailable />
      ) : (
        <InfinityLoadFailed retrying={false} onRetry={startOver} />
      );
  } else if (sessionId && resumed.data) {
    content = (
      <PracticeRunner
        key={`${resumed.data.id}:${reopened}`}
        initialSession={resumed.data}
        header={(session, item) => <InfinityProgress session={session} item={item} />}
        onComplete={onComplete}
        onSessionGone={onSessionGone}
      />
    );
  } else {
    content = (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner className="size-6" />
        <span className="text-sm">Loading...</span>
      </div>
    );
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
