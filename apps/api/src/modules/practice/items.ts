import type { StoredPracticeItem } from '@verba/db';
import {
  normalizeSpelling,
  PRACTICE_LIMITS,
  type FlashcardDirection,
  type SessionMode,
  type WordMaturity,
} from '@verba/shared';
import { wordMaturity } from '@verba/srs';

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
  random?: () => number;
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
  { mode, translations, random = Math.random }: BuildItemsOptions,
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
