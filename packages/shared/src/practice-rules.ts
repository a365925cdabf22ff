/**
 * The rules of a practice session as plain functions, shared by the server and the app: how a
 * session's items are built and how an answer is checked. Nothing here reads a clock or a random
 * source of its own: both are passed in, so the same inputs give the same session anywhere.
 */
import type { ErrorCode } from './errors.ts';
import {
  normalizeSpelling,
  PRACTICE_ERROR_TEXT,
  PRACTICE_LIMITS,
  type FlashcardDirection,
  type ItemType,
  type SessionMode,
} from './practice.ts';
import type { Answer, PracticeWord, SubmitAnswerInput } from './practice.schema.ts';

/** What the learner answered to one item, kept so a replayed answer gets the same result. */
export interface StoredAnswer {
  /** The answer's id, made by the client. */
  id: string;
  correct: boolean;
  /** As measured by the client, capped. */
  responseTimeMs: number;
  answeredAt: string;
  /** Words this answer made mastered. */
  mastered: { id: string; word: string }[];
  /** The word's review columns before this answer rescheduled it, so Undo restores them exactly. */
  wordBefore?: StoredSchedule;
  /** The answer completed its session: what that changed on the profile, so Undo puts it back. */
  completion?: StoredCompletion;
}

/** What completing a session changed on the learner's profile. */
export interface StoredCompletion {
  /** The streak before the completion, and the local day it was counted from. */
  streakBefore: number;
  lastStudyDateBefore: string | null;
  /** The minutes the completion added to the total study time. */
  studyMinutes: number;
}

/** A word's review columns as JSON (dates as ISO strings): what an undone answer puts back. */
export interface StoredSchedule {
  interval: number;
  nextReviewDate: string;
  repetitions: number;
  totalReviews: number;
  correctReviews: number;
  successRate: number;
  easeFactor: number;
  stability: number;
  difficulty: number;
  state: number;
  lapses: number;
  learningSteps: number;
  lastReview: string | null;
  mastered: boolean;
}

/** A practice item as the server keeps it: with the right option of a quiz and the answer. */
export interface StoredPracticeItem {
  index: number;
  wordId: string;
  type: ItemType;
  direction: FlashcardDirection | null;
  options: string[] | null;
  /** Quiz only: the index of the right translation in `options`. */
  correctOption: number | null;
  answer: StoredAnswer | null;
  /** Ids of answers to this item that the learner undid: a replay of one is refused. */
  undoneAnswerIds?: string[];
}

/** Spec §4 "Word maturity": the practice mix's buckets. */
export type WordMaturity = 'new' | 'learning' | 'mature';

/** The spec's practice-mix buckets: repetitions ≤2 new, 3–7 learning, >7 mature. */
export function wordMaturity(repetitions: number): WordMaturity {
  if (repetitions <= 2) return 'new';
  if (repetitions <= 7) return 'learning';
  return 'mature';
}

/** What item building needs of a word. */
export interface ItemWord {
  id: string;
  translation: string;
  repetitions: number;
}

type Slot =
  | { kind: 'flashcard'; direction: FlashcardDirection }
  | { kind: 'spelling' }
  /** A quiz when the learner has enough translations, otherwise the fallback. */
  | { kind: 'quiz'; otherwise: Slot };

const flash = (direction: FlashcardDirection): Slot => ({ kind: 'flashcard', direction });
const spell: Slot = { kind: 'spelling' };
const quizOr = (otherwise: Slot): Slot => ({ kind: 'quiz', otherwise });

/**
 * The drills of one word by its maturity (spec §9 "Practice mix by maturity"), for 2, 3 and 4
 * items: new words start with flashcards and end with spelling; learning words get more
 * spelling; mature words mostly spelling plus a native-to-target flashcard.
 */
const PLANS: Record<WordMaturity, Record<2 | 3 | 4, Slot[]>> = {
  new: {
    2: [flash('target-to-native'), spell],
    3: [flash('target-to-native'), quizOr(flash('native-to-target')), spell],
    4: [flash('target-to-native'), flash('native-to-target'), quizOr(spell), spell],
  },
  learning: {
    2: [quizOr(flash('target-to-native')), spell],
    3: [quizOr(flash('target-to-native')), spell, spell],
    4: [flash('target-to-native'), quizOr(spell), spell, spell],
  },
  mature: {
    2: [flash('native-to-target'), spell],
    3: [flash('native-to-target'), spell, spell],
    4: [flash('native-to-target'), spell, spell, spell],
  },
};

export function shuffle<T>(values: readonly T[], random: () => number): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Translations that read differently once trimmed, case-folded and normalised, by that reading
 * (the key a quiz compares on); the first spelling kept.
 */
export function translationsByKey(translations: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  for (const t of translations) {
    const key = normalizeSpelling(t);
    if (key && !seen.has(key)) seen.set(key, t);
  }
  return seen;
}

export interface BuildItemsOptions {
  mode: SessionMode;
  /** The learner's translations to draw quiz distractors from (the session's own included). */
  translations: readonly string[];
  /** Draws the quiz distractors and the order of a quiz's options. */
  random: () => number;
}

/**
 * The order of a session's items as [word, step] pairs: round-robin across the words, each word
 * joining one round after the one before it (a staggered start). Every round visits the words
 * it holds in turn, newest first, so no word comes twice in a row (with two words or more) and a
 * word's steps keep their order, while the words in a round are at different steps of their
 * plans: flashcards, quizzes and spelling mix instead of coming in blocks of one type.
 */
export function interleavedOrder(wordCount: number, perWord: number): [number, number][] {
  const order: [number, number][] = [];
  const rounds = wordCount === 0 ? 0 : wordCount + perWord - 1;
  for (let round = 0; round < rounds; round++) {
    for (let w = Math.min(round, wordCount - 1); w >= 0 && round - w < perWord; w--) {
      order.push([w, round - w]);
    }
  }
  return order;
}

/**
 * The items of a session: per word 2, 3 or 4 drills by the number of words, chosen by maturity
 * (every word counts as learning in infinity mode), in `interleavedOrder`.
 * A quiz offers the right translation and three others that differ from it and from each other,
 * and only when the learner has at least four unique translations.
 */
export function buildItems(
  words: readonly ItemWord[],
  { mode, translations, random }: BuildItemsOptions,
): StoredPracticeItem[] {
  const perWord = PRACTICE_LIMITS.itemsPerWord(words.length) as 2 | 3 | 4;
  // Normalised once: a quiz compares every translation of the pool against its own.
  const pool = [...translationsByKey([...translations, ...words.map((w) => w.translation)])];
  const quizAllowed = pool.length >= PRACTICE_LIMITS.quizMinTranslations;
  const plans = words.map((w) => {
    const maturity = mode === 'infinity' ? 'learning' : wordMaturity(w.repetitions);
    return PLANS[maturity][perWord];
  });
  const items: StoredPracticeItem[] = [];
  for (const [w, step] of interleavedOrder(words.length, perWord)) {
    const word = words[w]!;
    let slot = plans[w]![step]!;
    let options: string[] | null = null;
    let correctOption: number | null = null;
    if (slot.kind === 'quiz') {
      const key = normalizeSpelling(word.translation);
      const distractors = shuffle(
        pool.filter(([other]) => other !== key).map(([, translation]) => translation),
        random,
      ).slice(0, PRACTICE_LIMITS.quizOptions - 1);
      if (quizAllowed && distractors.length === PRACTICE_LIMITS.quizOptions - 1) {
        options = shuffle([word.translation, ...distractors], random);
        correctOption = options.indexOf(word.translation);
      } else {
        slot = slot.otherwise;
      }
    }
    items.push({
      index: items.length,
      wordId: word.id,
      type:
        slot.kind === 'flashcard'
          ? 'flashcard'
          : slot.kind === 'spelling'
            ? 'spelling'
            : 'multiple-choice',
      direction: slot.kind === 'flashcard' ? slot.direction : null,
      options,
      correctOption,
      answer: null,
    });
  }
  return items;
}

/** What the learner should have answered: the right option, the translation or the word. */
export function expectedAnswer(item: StoredPracticeItem, word: PracticeWord | undefined): string {
  if (item.type === 'multiple-choice') return item.options?.[item.correctOption ?? 0] ?? '';
  if (item.type === 'flashcard' && item.direction === 'target-to-native') {
    return word?.translation ?? '';
  }
  return word?.word ?? '';
}

function isCorrect(item: StoredPracticeItem, answer: Answer, expected: string): boolean {
  switch (answer.type) {
    case 'flashcard':
      return answer.knew;
    case 'multiple-choice':
      return answer.optionIndex === item.correctOption;
    case 'spelling':
      return normalizeSpelling(answer.text) === normalizeSpelling(expected);
  }
}

/** Study time credited for a session: per item at most 30 s. */
export function creditedSeconds(responseTimesMs: readonly number[]): number {
  const capMs = PRACTICE_LIMITS.creditedSecondsPerItem * 1000;
  return responseTimesMs.reduce((sum, ms) => sum + Math.min(Math.max(ms, 0), capMs), 0) / 1000;
}

/** The spec's increment_study_stats: minutes, rounded up, at least 1. */
export function studyMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** Whether the learner took back an answer of this id (a replay of it must not count again). */
export function wasUndone(items: readonly StoredPracticeItem[], answerId: string): boolean {
  return items.some((item) => item.undoneAnswerIds?.includes(answerId));
}

/** What checking an answer needs of its session. */
export interface SessionForCheck {
  /** 'daily' or 'infinity' (as stored). */
  mode: string;
  items: StoredPracticeItem[];
  words: PracticeWord[];
  completedAt: Date | null;
  expiresAt: Date;
}

/** Why an answer is refused: the error code and text the API answers with. */
export interface AnswerRefusal {
  code: Extract<ErrorCode, 'CONFLICT' | 'NOT_FOUND' | 'VALIDATION_ERROR'>;
  message: string;
  /** The input field at fault, for a validation error. */
  path?: string;
}

export type Checked =
  | { refused: AnswerRefusal }
  | { refused?: undefined; replayed: StoredPracticeItem }
  | {
      refused?: undefined;
      replayed: null;
      answered: StoredPracticeItem;
      items: StoredPracticeItem[];
    };

const refuse = (code: AnswerRefusal['code'], message: string, path?: string): Checked => ({
  refused: path ? { code, message, path } : { code, message },
});

/**
 * Checks an answer against its session, without reading or writing anything: whether it is
 * right, a replay (an answer id already given finds its first result) or refused, and the
 * session's items after it. `now` is when the answer counts.
 */
export function checkAnswer(
  session: SessionForCheck,
  input: SubmitAnswerInput,
  now: Date,
): Checked {
  // The learner took this answer back: its replay must not count it again.
  if (wasUndone(session.items, input.id)) {
    return refuse('CONFLICT', PRACTICE_ERROR_TEXT.answerUndone);
  }
  const replayed = session.items.find((i) => i.answer?.id === input.id);
  if (replayed) {
    if (replayed.index !== input.itemIndex) {
      return refuse('CONFLICT', PRACTICE_ERROR_TEXT.answerIdReused);
    }
    return { replayed };
  }
  const item = session.items[input.itemIndex];
  if (!item) return refuse('NOT_FOUND', PRACTICE_ERROR_TEXT.itemNotFound);
  if (item.answer) return refuse('CONFLICT', PRACTICE_ERROR_TEXT.itemAnswered);
  if (session.completedAt || session.expiresAt.getTime() <= now.getTime()) {
    return refuse('CONFLICT', PRACTICE_ERROR_TEXT.sessionEnded);
  }
  if (input.answer.type !== item.type) {
    return refuse('VALIDATION_ERROR', PRACTICE_ERROR_TEXT.wrongAnswerType, 'answer.type');
  }
  const shownWord = session.words.find((w) => w.id === item.wordId);
  const correct = isCorrect(item, input.answer, expectedAnswer(item, shownWord));
  const responseTimeMs = Math.min(input.responseTimeMs, PRACTICE_LIMITS.maxResponseTimeMs);
  const answered: StoredPracticeItem = {
    ...item,
    answer: { id: input.id, correct, responseTimeMs, answeredAt: now.toISOString(), mastered: [] },
  };
  return {
    replayed: null,
    answered,
    items: session.items.map((i) => (i.index === item.index ? answered : i)),
  };
}

/**
 * Whether an answer finishes something: the session (its last item) or, in a daily session, its
 * word's items, whose schedule then changes.
 */
export function finishesSomething(
  session: Pick<SessionForCheck, 'mode'>,
  items: readonly StoredPracticeItem[],
  wordId: string,
): boolean {
  if (items.every((i) => i.answer)) return true;
  return session.mode === 'daily' && items.every((i) => i.wordId !== wordId || i.answer);
}

/** An item of a session as its builder made it, before any answer. */
export type BuiltItem = Pick<
  StoredPracticeItem,
  'wordId' | 'type' | 'direction' | 'options' | 'correctOption'
>;

/**
 * Whether items built elsewhere (on a device, offline) follow the rules `buildItems` follows for
 * these words: as many items per word as the session's size gives, flashcards with a direction
 * and nothing else with one, a quiz of distinct options whose right one is its word's translation.
 * `translations` has each word's translation by id, for the words that still exist.
 */
export function followsItemRules(
  wordIds: readonly string[],
  items: readonly BuiltItem[],
  translations: ReadonlyMap<string, string>,
): boolean {
  const perWord = PRACTICE_LIMITS.itemsPerWord(wordIds.length);
  if (new Set(wordIds).size !== wordIds.length) return false;
  if (items.length !== wordIds.length * perWord) return false;
  const counts = new Map<string, number>();
  for (const item of items) {
    counts.set(item.wordId, (counts.get(item.wordId) ?? 0) + 1);
    if ((item.type === 'flashcard') !== (item.direction !== null)) return false;
    if (item.type !== 'multiple-choice') {
      if (item.options !== null || item.correctOption !== null) return false;
      continue;
    }
    if (!item.options || item.correctOption === null) return false;
    if (translationsByKey(item.options).size !== PRACTICE_LIMITS.quizOptions) return false;
    const translation = translations.get(item.wordId);
    const right = item.options[item.correctOption] ?? '';
    if (translation !== undefined && normalizeSpelling(right) !== normalizeSpelling(translation)) {
      return false;
    }
  }
  return wordIds.every((id) => counts.get(id) === perWord);
}
