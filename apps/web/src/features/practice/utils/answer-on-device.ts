import {
  checkAnswer,
  creditedSeconds,
  expectedAnswer,
  normalizeSpelling,
  type AnswerRefusal,
  type AnswerResult,
  type PracticeItem,
  type PracticeSession,
  type PracticeWord,
  type StoredPracticeItem,
  type SubmitAnswerInput,
} from '@verba/shared';

/**
 * An answer checked on the device, while the server cannot be reached: by the same rule the
 * server checks with (`checkAnswer` in packages/shared), against the session the device holds.
 */

/** The right option of a quiz: the one that reads as its word's translation. */
function rightOption(item: PracticeItem, word: PracticeWord | undefined): number | null {
  if (item.type !== 'multiple-choice' || !item.options || !word) return null;
  const key = normalizeSpelling(word.translation);
  const index = item.options.findIndex((option) => normalizeSpelling(option) === key);
  return index < 0 ? null : index;
}

/** A session's items as the rules read them; an item answered before is answered, by anyone. */
function storedItems(session: PracticeSession): StoredPracticeItem[] {
  const words = new Map(session.words.map((w) => [w.id, w]));
  return session.items.map((item) => ({
    index: item.index,
    wordId: item.wordId,
    type: item.type,
    direction: item.direction,
    options: item.options,
    correctOption: rightOption(item, words.get(item.wordId)),
    answer: item.completed
      ? { id: '', correct: item.correct ?? false, responseTimeMs: 0, answeredAt: '', mastered: [] }
      : null,
  }));
}

/** What the device knows for the completion screen beyond the session itself. */
export interface DeviceFigures {
  /** The response times the device measured in this session, by item. */
  responseTimesMs: readonly number[];
  /** The learner's streak as the device last heard it. */
  currentStreak: number;
}

export type DeviceAnswer =
  | { refused: AnswerRefusal }
  | { refused?: undefined; result: AnswerResult; session: PracticeSession };

/**
 * Checks `input` against `session` at `now`. The result is what the server would answer, but for
 * what only the server knows: no word becomes mastered here (the server says so when the answer
 * reaches it), and the summary of a completed session counts the study time this device measured
 * and a streak of at least the day being practised.
 */
export function answerOnDevice(
  session: PracticeSession,
  input: SubmitAnswerInput,
  now: Date,
  figures: DeviceFigures,
): DeviceAnswer {
  const checked = checkAnswer(
    {
      mode: session.mode,
      items: storedItems(session),
      words: session.words,
      completedAt: session.completedAt ? new Date(session.completedAt) : null,
      expiresAt: new Date(session.expiresAt),
    },
    input,
    now,
  );
  if (checked.refused) return { refused: checked.refused };
  // Items answered before carry no answer id on the device, so nothing here is a replay.
  const answered = checked.replayed === null ? checked.answered : checked.replayed;
  const correct = answered.answer?.correct ?? false;
  const word = session.words.find((w) => w.id === answered.wordId);
  const item: PracticeItem = {
    ...session.items[answered.index]!,
    completed: true,
    correct,
  };
  const items = session.items.map((i) => (i.index === item.index ? item : i));
  const complete = items.every((i) => i.completed);
  const correctCount = items.filter((i) => i.correct).length;
  const result: AnswerResult = {
    correct,
    expected: expectedAnswer(answered, word),
    masteredWords: [],
    item,
    word: null,
    completedAt: complete ? now.toISOString() : null,
    summary: complete
      ? {
          wordsPracticed: new Set(items.map((i) => i.wordId)).size,
          correctCount,
          accuracy: Math.round((correctCount / items.length) * 100),
          totalTimeSeconds: Math.round(creditedSeconds(figures.responseTimesMs)),
          currentStreak: Math.max(1, figures.currentStreak),
        }
      : null,
  };
  return {
    result,
    session: { ...session, items, completedAt: result.completedAt, summary: result.summary },
  };
}
