import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { buildItems, PRACTICE_LIMITS, type SyncResponse, type WordsOnDevice } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';

const HOUR = 3_600_000;
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' } });
});
afterAll(() => t.close());

async function learner(words: [string, string][]): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  for (const [word, translation] of words) {
    const response = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), word, translation },
    });
    expect(response.status).toBe(201);
  }
  return user;
}

async function wordsOnDevice(user: TestUser): Promise<WordsOnDevice> {
  const response = await t.request('/api/practice/offline-words', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as WordsOnDevice;
}

describe('GET /api/practice/offline-words', () => {
  it('gives the learner’s own words, oldest due first, with what the item builder reads', async () => {
    const anna = await learner([
      ['la casa', 'house'],
      ['el perro', 'dog'],
      ['el gato', 'cat'],
    ]);
    const ben = await learner([['la mesa', 'table']]);
    const rows = await t.db.select().from(schema.words).where(eq(schema.words.userId, anna.id));
    const byWord = new Map(rows.map((w) => [w.word, w]));
    // The dog is due soonest, then the house; the cat was practised and is due tomorrow.
    const due = (word: string, at: number, repetitions: number) =>
      t.db
        .update(schema.words)
        .set({ nextReviewDate: new Date(at), repetitions })
        .where(eq(schema.words.id, byWord.get(word)!.id));
    await due('el perro', Date.now() - 2 * HOUR, 0);
    await due('la casa', Date.now() - HOUR, 4);
    await due('el gato', Date.now() + 24 * HOUR, 9);

    const { words } = await wordsOnDevice(anna);
    expect(words.map((w) => [w.word, w.repetitions])).toEqual([
      ['el perro', 0],
      ['la casa', 4],
      ['el gato', 9],
    ]);
    expect(words[0]).toMatchObject({
      translation: 'dog',
      language: 'es',
      translationLanguage: 'en',
      mastered: false,
    });
    expect(Date.parse(words[0]!.nextReviewDate)).toBeLessThan(Date.now());
    expect(Date.parse(words[2]!.nextReviewDate)).toBeGreaterThan(Date.now());
    expect((await wordsOnDevice(ben)).words.map((w) => w.word)).toEqual(['la mesa']);
  });

  it('holds at most the words a device keeps', async () => {
    const many = Array.from(
      { length: PRACTICE_LIMITS.wordsOnDevice + 3 },
      (_, i): [string, string] => [`palabra ${i}`, `word ${i}`],
    );
    const user = await learner([]);
    await t.db.insert(schema.words).values(
      many.map(([word, translation]) => ({
        id: randomUUID(),
        userId: user.id,
        word,
        translation,
      })),
    );
    expect((await wordsOnDevice(user)).words).toHaveLength(PRACTICE_LIMITS.wordsOnDevice);
  });

  it('gives a device what it needs to start a session the server takes', async () => {
    const user = await learner([
      ['la casa', 'house'],
      ['el perro', 'dog'],
      ['el gato', 'cat'],
      ['la mesa', 'table'],
    ]);
    const { words } = await wordsOnDevice(user);
    const picked = words.slice(0, PRACTICE_LIMITS.dueWordsPerSession);
    const items = buildItems(picked, {
      mode: 'daily',
      translations: words.map((w) => w.translation),
      random: Math.random,
    });
    const response = await t.request('/api/practice/sync', {
      method: 'POST',
      cookie: user.cookie,
      json: {
        entries: [
          {
            kind: 'start',
            id: randomUUID(),
            at: new Date().toISOString(),
            timeZone: 'UTC',
            mode: 'daily',
            wordIds: picked.map((w) => w.id),
            items: items.map(({ wordId, type, direction, options, correctOption }) => ({
              wordId,
              type,
              direction,
              options,
              correctOption,
            })),
          },
        ],
      },
    });
    const body = (await response.json()) as SyncResponse;
    expect(body.results[0]?.status).toBe('applied');
  });
});
