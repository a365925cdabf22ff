import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowRight, Check, X } from 'lucide-react';
import type { Answer, AnswerResult, PracticeItem, PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/core/button';
import { ApiError } from '@/lib/core/api-error';
import { cn } from '@/lib/cn';
import { haptic } from '@/lib/core/haptics';
import { newTimeOrderedId } from '@/lib/outbox/time-ordered-id';
import { OUTBOX_FULL } from '../api/queue-on-device';
import { useSubmitAnswer } from '../api/submit-answer';
import { useUndoAnswer } from '../api/undo-answer';
import { PRACTICE_TEXT } from '../texts';
import { isContinueKey, keyBelongsToTarget, practiceKeyAction } from '../utils/keyboard';
import { advanceDelay, currentItem, waitsForContinue, wordOf } from '../utils/session-progress';
import { FlashcardCard } from './flashcard-card';
import { QuizCard, type ChoiceResult } from './quiz-card';
import { SpellingCard } from './spelling-card';
import { UndoAnswerButton } from './undo-answer-button';

interface Shown {
  item: PracticeItem;
  /** When the item appeared, for the answer's response time. */
  since: number;
}

function show(session: PracticeSession): Shown | null {
  const item = currentItem(session);
  return item ? { item, since: performance.now() } : null;
}

/**
 * Runs a session's items in order (spec §4 "Practice flow"): the first uncompleted item shows,
 * the learner answers, the server checks it (offline the device does, and queues the answer), the
 * result stays for the spec's delay, then the next uncompleted item shows. When none is left, `onComplete` receives the finished session and the
 * id of the answer that completed it (null when the session opened already finished), which the
 * completion screen can still undo.
 */
export function PracticeRunner({
  initialSession,
  header,
  onComplete,
  onSessionGone,
}: {
  initialSession: PracticeSession;
  /** Above the card: the feed's 'n / total' bar, or infinity's counters. */
  header: (session: PracticeSession, item: PracticeItem | null) => ReactNode;
  onComplete: (session: PracticeSession, lastAnswerId: string | null) => void;
  /**
   * The server refused an answer for this session: it expired, or the item was answered elsewhere
   * (another tab). The page reloads the session and opens it again.
   */
  onSessionGone: () => void;
}) {
  const [session, setSession] = useState(initialSession);
  const [shown, setShown] = useState<Shown | null>(() => show(initialSession));
  const [flipped, setFlipped] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [result, setResult] = useState<ChoiceResult | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** A wrong quiz or spelling answer: the session to move on to, and whether Continue is taken. */
  const [correction, setCorrection] = useState<{ next: PracticeSession; ready: boolean } | null>(
    null,
  );
  const submit = useSubmitAnswer();
  const undo = useUndoAnswer();
  /** The last answer the learner gave here, while Undo can take it back. */
  const [lastAnswer, setLastAnswer] = useState<{ itemIndex: number; answerId: string } | null>(
    null,
  );
  const answerIds = useRef(new Map<number, string>());
  /** The last answer's id for the completion screen, read when the last result has shown. */
  const lastAnswerId = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cardRef = useRef<HTMLDivElement>(null);
  const locked = submit.isPending || undo.isPending || result !== null;

  useEffect(() => () => clearTimeout(timer.current), []);

  // A session opened with every item already answered (a reload just after the last answer).
  useEffect(() => {
    if (!shown && result === null) onComplete(session, null);
    // Only on opening: later completions go through the answer's own path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const item = shown?.item ?? null;
  const word = item ? wordOf(session, item) : undefined;

  // Each new card takes the focus, so the keys and a screen reader start on it. Focusing lays the
  // page out; done in the next frame, that is the layout the frame does anyway, rather than a
  // second one forced inside the task that drew the card (a long task on a slow phone).
  useEffect(() => {
    if (!item || item.type === 'spelling') return;
    const frame = requestAnimationFrame(() => cardRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [item]);

  const advance = useCallback(
    (next: PracticeSession) => {
      const nextShown = show(next);
      setFlipped(false);
      setChosen(null);
      setResult(null);
      // The server's word ends it too: items answered elsewhere are not in this tab's copy.
      if (nextShown && !next.completedAt) setShown(nextShown);
      else onComplete(next, lastAnswerId.current);
    },
    [onComplete],
  );

  const onAnswered = useCallback(
    (answered: PracticeItem, answer: AnswerResult, after: PracticeSession) => {
      setSession(after);
      haptic(answer.correct ? 'success' : 'error');
      // A flashcard's "result" is the learner's own call: nothing to show, the card moves on.
      setResult({ correct: answer.correct, expected: answer.expected });
      setAnnouncement(
        answered.type === 'flashcard'
          ? ''
          : answer.correct
            ? PRACTICE_TEXT.correct
            : `${PRACTICE_TEXT.incorrect}. ${PRACTICE_TEXT.theAnswerIs} ${answer.expected}`,
      );
      for (const mastered of answer.masteredWords) {
        haptic('impact');
        toast.success(PRACTICE_TEXT.wordMastered, { description: mastered.word });
      }
      clearTimeout(timer.current);
      if (waitsForContinue(answered.type, answer.correct)) {
        // The correction stays until the learner moves on; the spec's delay is the least time
        // it shows, so a key pressed twice does not skip it unread.
        setCorrection({ next: after, ready: false });
        timer.current = setTimeout(
          () => setCorrection((current) => current && { ...current, ready: true }),
          advanceDelay(answered.type, answer.correct),
        );
      } else {
        timer.current = setTimeout(
          () => advance(after),
          advanceDelay(answered.type, answer.correct),
        );
      }
    },
    [advance],
  );

  const moveOn = useCallback(() => {
    if (!correction?.ready) return;
    setCorrection(null);
    advance(correction.next);
  }, [advance, correction]);

  const { mutate: undoMutate } = undo;
  const undoLast = useCallback(() => {
    if (!lastAnswer || submit.isPending) return;
    undoMutate(
      { sessionId: session.id, answerId: lastAnswer.answerId },
      {
        onSuccess: (after) => {
          clearTimeout(timer.current);
          setCorrection(null);
          setLastAnswer(null);
          lastAnswerId.current = null;
          // The item takes a new answer, with a new id: the undone one is refused for good.
          answerIds.current.delete(lastAnswer.itemIndex);
          setSession(after);
          setFlipped(false);
          setChosen(null);
          setResult(null);
          setShown(show(after));
          setAnnouncement(PRACTICE_TEXT.undone);
        },
        onError: () => {
          setLastAnswer(null);
          lastAnswerId.current = null;
          toast.error(PRACTICE_TEXT.undoFailed, {
            description: PRACTICE_TEXT.undoFailedDescription,
          });
        },
      },
    );
  }, [lastAnswer, session.id, submit.isPending, undoMutate]);

  const answer = useCallback(
    (value: Answer) => {
      if (!shown || locked) return;
      const answered = shown.item;
      let id = answerIds.current.get(answered.index);
      if (!id) {
        id = newTimeOrderedId();
        answerIds.current.set(answered.index, id);
      }
      submit.mutate(
        {
          session,
          input: {
            id,
            itemIndex: answered.index,
            answer: value,
            responseTimeMs: Math.max(0, Math.round(performance.now() - shown.since)),
          },
        },
        {
          onSuccess: ({ result, session: after, onDevice }) => {
            // An answer waiting on the device for the server cannot be taken back.
            setLastAnswer(onDevice ? null : { itemIndex: answered.index, answerId: id });
            lastAnswerId.current = onDevice ? null : id;
            onAnswered(answered, result, after);
          },
          onError: (error) => {
            setChosen(null);
            if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
              onSessionGone();
              return;
            }
            toast.error(PRACTICE_TEXT.answerFailed, {
              // The outbox is full: the learner is told what to do about it.
              description:
                error instanceof ApiError && error.code === OUTBOX_FULL
                  ? error.message
                  : PRACTICE_TEXT.answerFailedDescription,
            });
          },
        },
      );
    },
    [locked, onAnswered, onSessionGone, session, shown, submit],
  );

  const flip = useCallback(() => {
    haptic('tap');
    setFlipped((value) => !value);
  }, []);

  const choose = useCallback(
    (index: number) => {
      if (locked) return;
      setChosen(index);
      answer({ type: 'multiple-choice', optionIndex: index });
    },
    [answer, locked],
  );

  useEffect(() => {
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (correction && isContinueKey(event.key)) {
        // The spelling field keeps the focus and is read-only now: Enter there moves on too.
        if (target?.tagName === 'BUTTON' || target?.tagName === 'A') return;
        event.preventDefault();
        moveOn();
        return;
      }
      if (keyBelongsToTarget(event.key, target)) return;
      const action = practiceKeyAction(event.key, { type: item.type, flipped, locked });
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'flip') flip();
      else if (action.kind === 'knew') answer({ type: 'flashcard', knew: action.knew });
      else choose(action.index);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answer, choose, correction, flip, flipped, item, locked, moveOn]);

  return (
    <div className="space-y-4">
      {header(session, item)}
      {item && word && (
        <div
          ref={cardRef}
          tabIndex={-1}
          key={item.index}
          data-item-index={item.index}
          data-item-type={item.type}
          aria-label={`Item ${item.index + 1} of ${session.items.length}`}
          role="group"
          className="outline-none"
        >
          {item.type === 'flashcard' ? (
            <FlashcardCard
              word={word}
              direction={item.direction ?? 'target-to-native'}
              flipped={flipped}
              locked={locked}
              onFlip={flip}
              onAnswer={(knew) => answer({ type: 'flashcard', knew })}
            />
          ) : item.type === 'multiple-choice' ? (
            <QuizCard
              word={word}
              options={item.options ?? []}
              chosen={chosen}
              result={result}
              locked={locked}
              onChoose={choose}
            />
          ) : (
            <SpellingCard
              word={word}
              result={result}
              locked={locked}
              onSubmit={(text) => answer({ type: 'spelling', text })}
            />
          )}
        </div>
      )}
      <AnswerFeedback result={item?.type === 'flashcard' ? null : result} />
      {correction && <ContinueButton ready={correction.ready} onContinue={moveOn} />}
      {lastAnswer && (
        <UndoAnswerButton pending={undo.isPending} disabled={submit.isPending} onUndo={undoLast} />
      )}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** The result under a quiz or spelling card; wrong answers show the correct one. */
function AnswerFeedback({ result }: { result: ChoiceResult | null }) {
  return (
    <div aria-hidden="true" className="min-h-14">
      {result && (
        <div
          data-testid="answer-feedback"
          className={cn(
            'flex items-center gap-3 rounded-xl px-4 py-3 text-sm font-medium',
            result.correct
              ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
              : 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-100',
          )}
        >
          {result.correct ? (
            <Check aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <X aria-hidden="true" className="size-5 shrink-0" />
          )}
          <span>
            {result.correct ? (
              PRACTICE_TEXT.correct
            ) : (
              <>
                {PRACTICE_TEXT.incorrect}. {PRACTICE_TEXT.theAnswerIs}{' '}
                <strong className="font-semibold">{result.expected}</strong>
              </>
            )}
          </span>
        </div>
      )}
    </div>
  );
}

/**
 * Moves on after a wrong answer (design.md: the correction stays until the learner moves on). It
 * takes the focus so Enter and Space press it; until the spec's 1,000 ms have passed it refuses.
 */
function ContinueButton({ ready, onContinue }: { ready: boolean; onContinue: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="flex flex-col items-center gap-2">
      <Button
        ref={ref}
        size="lg"
        className="w-full sm:w-auto sm:min-w-48"
        aria-disabled={!ready}
        data-ready={ready}
        onClick={onContinue}
      >
        {PRACTICE_TEXT.continue}
        <ArrowRight aria-hidden="true" />
      </Button>
      <p className="hidden text-xs text-muted-foreground sm:block">{PRACTICE_TEXT.continueHint}</p>
    </div>
  );
}
