import { describe, expect, it } from 'vitest';
import {
  buildItems,
  checkAnswer,
  creditedSeconds,
  finishesSomething,
  followsItemRules,
  interleavedOrder,
  studyMinutes,
  translationsByKey,
  wordMaturity,
  type ItemWord,
} from './practice-rules.ts';
import { PRACTICE_ERROR_TEXT } from './practice.ts';

const word = (id: number, repetitions = 0, translation = `meaning ${id}`): ItemWord => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  translation,
  repetitions,
});

/** A fixed sequence, so every shuffle is reproducible. */
function seeded(seed = 1): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

const POOL = ['dog', 'cat', 'house', 'tree', 'book', 'chair'];
const kinds = (items: ReturnType<typeof buildItems>, id: string) =>
  items
    .filter((i) => i.wordId === id)
    .map((i) => (i.type === 'flashcard' ? `flashcard:${i.direction}` : i.type));

describe('buildItems', () => {
  it.each([
    [1, 2],
    [2, 3],
    [3, 4],
    [5, 4],
    [20, 4],
  ])('gives %i word(s) %i items each', (count, perWord) => {
    const words = Array.from({ length: count }, (_, i) => word(i));
    const items = buildItems(words, { mode: 'daily', translations: POOL, random: seeded() });
    expect(items).toHaveLength(count * perWord);
    for (const w of words) expect(items.filter((i) => i.wordId === w.id)).toHaveLength(perWord);
    expect(items.map((i) => i.index)).toEqual(items.map((_, i) => i));
    expect(items.every((i) => i.answer === null)).toBe(true);
  });

  it('orders the items round-robin with a staggered start: every step of every word once, in order, never one word twice in a row', () => {
    for (const [count, perWord] of [
      [2, 3],
      [3, 4],
      [5, 4],
      [20, 4],
    ] as const) {
      const order = interleavedOrder(count, perWord);
      expect(order).toHaveLength(count * perWord);
      for (let w = 0; w < count; w++) {
        expect(order.filter(([word]) => word === w).map(([, step]) => step)).toEqual(
          Array.from({ length: perWord }, (_, i) => i),
        );
      }
      order.slice(1).forEach(([word], i) => expect(word).not.toBe(order[i]![0]));
    }
    expect(interleavedOrder(1, 2)).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(interleavedOrder(3, 4)).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [2, 0],
      [1, 1],
      [0, 2],
      [2, 1],
      [1, 2],
      [0, 3],
      [2, 2],
      [1, 3],
      [2, 3],
    ]);
  });

  it('mixes the drill types instead of blocks of one type', () => {
    const words = Array.from({ length: 5 }, (_, i) => word(i));
    const items = buildItems(words, { mode: 'daily', translations: POOL, random: seeded() });
    const types = items.map((i) => (i.type === 'flashcard' ? `flashcard:${i.direction}` : i.type));
    // Five new words: before, 10 flashcards came first, then 5 quizzes, then 5 spellings.
    const longestRun = types.reduce(
      (acc, type, i) => {
        const run = i > 0 && type === types[i - 1] ? acc.run + 1 : 1;
        return { run, longest: Math.max(acc.longest, run) };
      },
      { run: 0, longest: 0 },
    ).longest;
    expect(longestRun).toBeLessThanOrEqual(2);
    expect(types.slice(0, 8)).toContain('multiple-choice');
    expect(types.slice(0, 10)).toContain('spelling');
  });

  it('mixes drills by maturity: new starts with flashcards, learning has more spelling, mature is spelling plus native-to-target', () => {
    const [fresh, learning, mature] = [word(1, 0), word(2, 4), word(3, 9)];
    // No quiz possible: too few translations.
    const items = buildItems([fresh!, learning!, mature!], {
      mode: 'daily',
      translations: [],
      random: seeded(),
    });
    expect(kinds(items, fresh!.id)).toEqual([
      'flashcard:target-to-native',
      'flashcard:native-to-target',
      'spelling',
      'spelling',
    ]);
    expect(kinds(items, learning!.id)).toEqual([
      'flashcard:target-to-native',
      'spelling',
      'spelling',
      'spelling',
    ]);
    expect(kinds(items, mature!.id)).toEqual([
      'flashcard:native-to-target',
      'spelling',
      'spelling',
      'spelling',
    ]);
  });

  it('follows the spec’s maturity buckets (≤2 new, 3–7 learning, >7 mature)', () => {
    const firstKind = (repetitions: number) =>
      kinds(
        buildItems([word(1, repetitions), word(2), word(3)], {
          mode: 'daily',
          translations: [],
          random: seeded(),
        }),
        word(1).id,
      );
    expect(firstKind(2)[1]).toBe('flashcard:native-to-target');
    expect(firstKind(3)[1]).toBe('spelling');
    expect(firstKind(7)[0]).toBe('flashcard:target-to-native');
    expect(firstKind(8)[0]).toBe('flashcard:native-to-target');
  });

  it('treats every word as learning in infinity mode', () => {
    const items = buildItems([word(1, 0), word(2, 20), word(3, 5)], {
      mode: 'infinity',
      translations: [],
      random: seeded(),
    });
    for (const id of [word(1).id, word(2).id, word(3).id]) {
      expect(kinds(items, id)).toEqual([
        'flashcard:target-to-native',
        'spelling',
        'spelling',
        'spelling',
      ]);
    }
  });

  it('builds a quiz only with 4 or more unique translations', () => {
    const words = [word(1, 4, 'dog'), word(2, 4, 'cat'), word(3, 4, 'house')];
    // 'Dog ' and 'dog' are one translation: three unique in all.
    const without = buildItems(words, {
      mode: 'daily',
      translations: ['Dog ', 'CAT', 'house'],
      random: seeded(),
    });
    expect(without.some((i) => i.type === 'multiple-choice')).toBe(false);
    const withQuiz = buildItems(words, {
      mode: 'daily',
      translations: ['Dog ', 'CAT', 'house', 'tree'],
      random: seeded(),
    });
    expect(withQuiz.filter((i) => i.type === 'multiple-choice')).toHaveLength(3);
  });

  it('offers the right translation and three distinct others, shuffled', () => {
    const words = [word(1, 4, 'dog'), word(2, 4, 'cat'), word(3, 4, 'house')];
    const translations = ['dog', 'DOG', 'Dog', 'cat', 'house', 'tree', 'tree ', 'book'];
    const positions = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const items = buildItems(words, { mode: 'daily', translations, random: seeded(seed) });
      for (const quiz of items.filter((i) => i.type === 'multiple-choice')) {
        const right = words.find((w) => w.id === quiz.wordId)!.translation;
        expect(quiz.options).toHaveLength(4);
        expect(quiz.options![quiz.correctOption!]).toBe(right);
        const keys = quiz.options!.map((o) => o.trim().toLowerCase());
        expect(new Set(keys).size).toBe(4);
        expect(keys.filter((k) => k === right)).toHaveLength(1);
        expect(quiz.direction).toBeNull();
        positions.add(quiz.correctOption!);
      }
    }
    // Over many sessions the right answer lands in every position.
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });

  it('gives flashcards a direction and the other drills none', () => {
    const items = buildItems([word(1), word(2)], {
      mode: 'daily',
      translations: POOL,
      random: seeded(),
    });
    for (const item of items) {
      expect(item.direction === null).toBe(item.type !== 'flashcard');
      expect(item.options === null).toBe(item.type !== 'multiple-choice');
    }
  });
});

describe('translationsByKey', () => {
  it('compares trimmed, case-insensitively and with accents normalised', () => {
    const unique = translationsByKey(['Café', 'cafe\u0301', ' CAFÉ ', 'cafe', '']);
    expect([...unique.values()]).toEqual(['Café', 'cafe']);
  });
});

describe('wordMaturity', () => {
  it('follows the spec buckets', () => {
    expect([0, 2, 3, 7, 8, 30].map(wordMaturity)).toEqual([
      'new',
      'new',
      'learning',
      'learning',
      'mature',
      'mature',
    ]);
  });
});

describe('study time', () => {
  it('credits each item at most 30 s', () => {
    expect(creditedSeconds([1_000, 45_000, 30_000, 600_000])).toBe(91);
    expect(creditedSeconds([])).toBe(0);
  });

  it('is sent in minutes, rounded up, at least 1', () => {
    expect(studyMinutes(0)).toBe(1);
    expect(studyMinutes(0.5)).toBe(1);
    expect(studyMinutes(60)).toBe(1);
    expect(studyMinutes(60.5)).toBe(2);
    expect(studyMinutes(121)).toBe(3);
  });
});

describe('one set of rules for the server and the app', () => {
  // The session the server built for these words and this seed before the rules moved here: a
  // session built on the device from the same data and seed is this one, item for item.
  const words = [0, 3, 9].map((repetitions, i) => ({
    id: `w${i}`,
    translation: `meaning ${i}`,
    repetitions,
  }));
  const EXPECTED = [
    ['w0', 'flashcard', 'target-to-native', null, null],
    ['w1', 'flashcard', 'target-to-native', null, null],
    ['w0', 'flashcard', 'native-to-target', null, null],
    ['w2', 'flashcard', 'native-to-target', null, null],
    ['w1', 'multiple-choice', null, ['meaning 1', 'tree', 'meaning 2', 'book'], 0],
    ['w0', 'multiple-choice', null, ['dog', 'house', 'tree', 'meaning 0'], 3],
    ['w2', 'spelling', null, null, null],
    ['w1', 'spelling', null, null, null],
    ['w0', 'spelling', null, null, null],
    ['w2', 'spelling', null, null, null],
    ['w1', 'spelling', null, null, null],
    ['w2', 'spelling', null, null, null],
  ];

  it('builds the same items for the same words and seed', () => {
    const build = () =>
      buildItems(words, { mode: 'daily', translations: POOL, random: seeded(7) }).map((i) => [
        i.wordId,
        i.type,
        i.direction,
        i.options,
        i.correctOption,
      ]);
    expect(build()).toEqual(EXPECTED);
    expect(build()).toEqual(build());
  });
});

describe('checkAnswer', () => {
  const NOW = new Date('2026-03-01T10:00:00Z');
  const shown = {
    id: 'w0',
    word: 'perro',
    translation: 'dog',
    ipa: null,
    reading: null,
    language: 'es' as const,
    translationLanguage: 'en' as const,
    examples: [],
    mastered: false,
  };
  const session = () => ({
    mode: 'daily',
    words: [shown],
    completedAt: null,
    expiresAt: new Date('2026-03-02T00:00:00Z'),
    items: buildItems([{ id: 'w0', translation: 'dog', repetitions: 9 }], {
      mode: 'daily',
      translations: [],
      random: seeded(),
    }),
  });
  const spelling = (id: string, text: string, itemIndex = 1) => ({
    id,
    itemIndex,
    responseTimeMs: 700_000,
    answer: { type: 'spelling' as const, text },
  });

  it('checks a spelling against the word, caps the response time and answers a replay with its first result', () => {
    const s = session();
    expect(s.items.map((i) => i.type)).toEqual(['flashcard', 'spelling']);
    const checked = checkAnswer(s, spelling('a1', ' PERRO '), NOW);
    if (checked.refused || checked.replayed) throw new Error('not a new answer');
    expect(checked.answered.answer).toEqual({
      id: 'a1',
      correct: true,
      responseTimeMs: 600_000,
      answeredAt: NOW.toISOString(),
      mastered: [],
    });
    const after = { ...s, items: checked.items };
    expect(checkAnswer(after, spelling('a1', 'gato'), NOW)).toEqual({
      replayed: checked.answered,
    });
    expect(finishesSomething(after, checked.items, 'w0')).toBe(false);
    expect(checkAnswer(after, spelling('a2', 'gato'), NOW)).toEqual({
      refused: { code: 'CONFLICT', message: PRACTICE_ERROR_TEXT.itemAnswered },
    });
  });

  it('refuses a missing item, the wrong answer type, an ended session and an undone answer', () => {
    const s = session();
    expect(checkAnswer(s, spelling('a', 'perro', 5), NOW).refused?.code).toBe('NOT_FOUND');
    expect(checkAnswer(s, spelling('a', 'perro', 0), NOW).refused).toEqual({
      code: 'VALIDATION_ERROR',
      message: PRACTICE_ERROR_TEXT.wrongAnswerType,
      path: 'answer.type',
    });
    expect(checkAnswer(s, spelling('a', 'perro'), s.expiresAt).refused?.message).toBe(
      PRACTICE_ERROR_TEXT.sessionEnded,
    );
    const undone = { ...s, items: s.items.map((i) => ({ ...i, undoneAnswerIds: ['u'] })) };
    expect(checkAnswer(undone, spelling('u', 'perro'), NOW).refused?.message).toBe(
      PRACTICE_ERROR_TEXT.answerUndone,
    );
  });
});

describe('followsItemRules', () => {
  const words = [word(1), word(2), word(3)];
  const translations = new Map(words.map((w) => [w.id, w.translation]));
  const ids = words.map((w) => w.id);
  const built = buildItems(words, { mode: 'daily', translations: POOL, random: seeded() });

  it('accepts what buildItems builds, in either mode', () => {
    expect(followsItemRules(ids, built, translations)).toBe(true);
    const infinity = buildItems(words, { mode: 'infinity', translations: POOL, random: seeded() });
    expect(followsItemRules(ids, infinity, translations)).toBe(true);
  });

  it('refuses missing or extra items, a word twice, a bad direction and a quiz whose answer is not its word', () => {
    expect(followsItemRules(ids, built.slice(1), translations)).toBe(false);
    expect(followsItemRules([...ids, ids[0]!], built, translations)).toBe(false);
    const noDirection = built.map((i) => (i.type === 'flashcard' ? { ...i, direction: null } : i));
    expect(followsItemRules(ids, noDirection, translations)).toBe(false);
    const quiz = built.findIndex((i) => i.type === 'multiple-choice');
    expect(quiz).toBeGreaterThanOrEqual(0);
    const wrongAnswer = built.map((i, n) =>
      n === quiz ? { ...i, correctOption: ((i.correctOption ?? 0) + 1) % 4 } : i,
    );
    expect(followsItemRules(ids, wrongAnswer, translations)).toBe(false);
    const sameOption = built.map((i, n) =>
      n === quiz ? { ...i, options: i.options!.map(() => i.options![i.correctOption!]!) } : i,
    );
    expect(followsItemRules(ids, sameOption, translations)).toBe(false);
  });
});
