import type {
  AnswerResult,
  PracticeItem,
  PracticeSession,
  PracticeWord,
  SessionSummary,
} from '@verba/shared';

/** Practice data as the API sends it, for component tests. */

let counter = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function practiceWord(overrides: Partial<PracticeWord> = {}): PracticeWord {
  return {
    id: uuid(),
    word: 'la manzana',
    translation: 'the apple',
    ipa: 'la manˈθana',
    reading: null,
    language: 'es',
    translationLanguage: 'en',
    examples: [{ target: 'Como una manzana.', translation: 'I eat an apple.' }],
    mastered: false,
    ...overrides,
  };
}

type ItemShape =
  | { type: 'flashcard'; direction?: PracticeItem['direction'] }
  | { type: 'multiple-choice'; options: string[] }
  | { type: 'spelling' };

/** A session of the given items, one word each unless a word is named. */
export function practiceSession(
  shapes: (ItemShape & { word?: PracticeWord })[],
  overrides: Partial<PracticeSession> = {},
): PracticeSession {
  const words: PracticeWord[] = [];
  const items = shapes.map((shape, index): PracticeItem => {
    const word = shape.word ?? practiceWord();
    if (!words.includes(word)) words.push(word);
    return {
      index,
      wordId: word.id,
      type: shape.type,
      direction: shape.type === 'flashcard' ? (shape.direction ?? 'target-to-native') : null,
      options: shape.type === 'multiple-choice' ? shape.options : null,
      completed: false,
      correct: null,
    };
  });
  return {
    id: uuid(),
    mode: 'daily',
    words,
    items,
    startedAt: '2026-11-26T09:00:00.000Z',
    expiresAt: '2026-11-26T23:59:59.000Z',
    completedAt: null,
    summary: null,
    ...overrides,
  };
}

const SUMMARY: SessionSummary = {
  wordsPracticed: 1,
  correctCount: 1,
  accuracy: 100,
  totalTimeSeconds: 12,
  currentStreak: 1,
};

/** What the server answers to an answer of `session`'s item, as `Prefer: return=minimal` gets. */
export function answerResult(
  session: PracticeSession,
  itemIndex: number,
  { correct, expected }: { correct: boolean; expected?: string },
): AnswerResult {
  const item = session.items[itemIndex];
  if (!item) throw new Error(`No item ${itemIndex}`);
  const word = session.words.find((w) => w.id === item.wordId) ?? null;
  const last = session.items.every((i) => i.completed || i.index === itemIndex);
  return {
    correct,
    expected: expected ?? word?.translation ?? '',
    masteredWords: [],
    item: { ...item, completed: true, correct },
    word,
    completedAt: last ? '2026-11-26T09:05:00.000Z' : null,
    summary: last ? SUMMARY : null,
  };
}
