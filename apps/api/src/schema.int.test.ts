import { schema } from '@verba/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from './testing/harness.ts';

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

/** A user with one row in every table that belongs to a user. */
async function userWithEverything() {
  const user = await t.signUp();
  const [word] = await t.db
    .insert(schema.words)
    .values({
      userId: user.id,
      word: 'gato',
      translation: 'cat',
      examples: [{ target: 'El gato duerme.', translation: 'The cat sleeps.' }],
      synonyms: ['minino'],
      tags: ['Animals'],
    })
    .returning();
  if (!word) throw new Error('no word');
  const [session] = await t.db
    .insert(schema.dailyPracticeSessions)
    .values({ userId: user.id, wordIds: [word.id], expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  await t.db.insert(schema.reviewLog).values({
    userId: user.id,
    wordId: word.id,
    sessionId: session?.id,
    practiceType: 'flashcard',
    outcome: 'correct',
    responseTime: 2,
    confidenceRating: 3,
    rating: 3,
    state: 0,
    elapsedDays: 0,
    scheduledDays: 1,
  });
  const [group] = await t.db
    .insert(schema.groups)
    .values({ userId: user.id, name: 'Animals' })
    .returning();
  if (!group) throw new Error('no group');
  await t.db.insert(schema.groupWords).values({ groupId: group.id, wordId: word.id });
  await t.db.insert(schema.wordSuggestionsCache).values({
    userId: user.id,
    suggestions: [{ word: 'perro', translation: 'dog', reason: 'Pairs with gato' }],
  });
  await t.db
    .insert(schema.userFeedback)
    .values({ userId: user.id, feedbackType: 'feature', message: 'Please add audio', rating: 5 });
  await t.db
    .insert(schema.syncEntries)
    .values({ userId: user.id, id: crypto.randomUUID(), kind: 'answer', result: {} });
  return { user, word };
}

const USER_TABLES = [
  'profiles',
  'session',
  'account',
  'words',
  'daily_practice_sessions',
  'review_log',
  'groups',
  'word_suggestions_cache',
  'user_feedback',
  'sync_entries',
] as const;

async function countRows(table: string, userId: string): Promise<number> {
  const column = table === 'profiles' ? 'id' : 'user_id';
  const result = (await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

describe('the schema', () => {
  it('deletes all of a user’s rows with the user, and nobody else’s', async () => {
    const { user, word } = await userWithEverything();
    const other = await userWithEverything();
    for (const table of USER_TABLES)
      expect(await countRows(table, user.id), table).toBeGreaterThan(0);

    await t.db.delete(schema.user).where(eq(schema.user.id, user.id));

    for (const table of USER_TABLES) expect(await countRows(table, user.id), table).toBe(0);
    const memberships = await t.db
      .select()
      .from(schema.groupWords)
      .where(eq(schema.groupWords.wordId, word.id));
    expect(memberships).toHaveLength(0);
    for (const table of USER_TABLES)
      expect(await countRows(table, other.user.id), table).toBeGreaterThan(0);
  });

  it.each([
    [
      'a feedback rating of 6',
      () =>
        t.db
          .insert(schema.userFeedback)
          .values({ userId: owner(), message: 'Ten chars or more', rating: 6 }),
    ],
    [
      'a feedback rating of 0',
      () =>
        t.db
          .insert(schema.userFeedback)
          .values({ userId: owner(), message: 'Ten chars or more', rating: 0 }),
    ],
    [
      'an unknown feedback type',
      () =>
        t.db
          .insert(schema.userFeedback)
          .values({ userId: owner(), message: 'Ten chars or more', feedbackType: 'rant' }),
    ],
    [
      'a 9-character feedback message',
      () => t.db.insert(schema.userFeedback).values({ userId: owner(), message: '123456789' }),
    ],
    [
      'an unknown language',
      () =>
        t.db
          .update(schema.profiles)
          .set({ targetLanguage: 'xx' })
          .where(eq(schema.profiles.id, owner())),
    ],
    [
      'a blank word',
      () => t.db.insert(schema.words).values({ userId: owner(), word: '   ', translation: 'x' }),
    ],
    [
      'an unknown CEFR level',
      () =>
        t.db
          .insert(schema.words)
          .values({ userId: owner(), word: 'a', translation: 'b', cefrLevel: 'D9' }),
    ],
    [
      'more correct reviews than reviews',
      () =>
        t.db.insert(schema.words).values({
          userId: owner(),
          word: 'a',
          translation: 'b',
          totalReviews: 1,
          correctReviews: 2,
        }),
    ],
    ['an unknown practice type', () => insertReview({ practiceType: 'dictation' })],
    ['a confidence rating of 9', () => insertReview({ confidenceRating: 9 })],
    [
      'a row without a user',
      () =>
        t.db.insert(schema.words).values({ userId: 'no-such-user', word: 'a', translation: 'b' }),
    ],
  ])('refuses %s', async (_label, write) => {
    await expect(write()).rejects.toThrow();
  });
});

let ownerId = '';
const owner = () => ownerId;
let ownerWordId = '';
beforeAll(async () => {
  const { user, word } = await userWithEverything();
  ownerId = user.id;
  ownerWordId = word.id;
});

function insertReview(overrides: Partial<typeof schema.reviewLog.$inferInsert>) {
  return t.db.insert(schema.reviewLog).values({
    userId: ownerId,
    wordId: ownerWordId,
    practiceType: 'spelling',
    outcome: 'incorrect',
    responseTime: 2,
    confidenceRating: 1,
    rating: 1,
    state: 2,
    elapsedDays: 3,
    scheduledDays: 4,
    ...overrides,
  });
}
