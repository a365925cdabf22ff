import { describe, expect, it } from 'vitest';
import { buildItems, interleavedOrder, translationsByKey, type ItemWord } from './items.ts';

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
