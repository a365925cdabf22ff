import { randomUUID } from 'node:crypto';
import { schema, type Database } from '@verba/db';
import type { Stats, WordHistory } from '@verba/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { seedLearnerData } from '../../testing/learner-data.ts';

// Now: 10:00 in New York (EST), Tuesday 2026-11-24.
const NOW = new Date('2026-11-24T15:00:00Z');
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ clock: () => NOW });
});
afterAll(() => t.close());

type Review = {
  at: string;
  wordId: string;
  correct?: boolean;
  state?: number;
  scheduledDays?: number;
  practiceType?: string;
  sessionId?: string | null;
};

async function addReviews(db: Database, userId: string, reviews: Review[]) {
  await db.insert(schema.reviewLog).values(
    reviews.map((r) => ({
      userId,
      wordId: r.wordId,
      sessionId: r.sessionId ?? null,
      clientId: randomUUID(),
      practiceType: r.practiceType ?? 'spelling',
      outcome: r.correct === false ? 'incorrect' : 'correct',
      responseTime: 2,
      confidenceRating: r.correct === false ? 1 : 3,
      rating: r.correct === false ? 1 : 3,
      state: r.state ?? 2,
      elapsedDays: 1,
      scheduledDays: r.scheduledDays ?? 5,
      reviewedAt: new Date(r.at),
    })),
  );
}

async function addCompletedSession(db: Database, userId: string, at: string, seconds: number) {
  const [row] = await db
    .insert(schema.dailyPracticeSessions)
    .values({
      userId,
      wordIds: [],
      startedAt: new Date(at),
      expiresAt: new Date(Date.parse(at) + 3_600_000),
      completedAt: new Date(at),
      totalTimeSeconds: seconds,
    })
    .returning({ id: schema.dailyPracticeSessions.id });
  return row!.id;
}

const times = (n: number, review: Review): Review[] => Array.from({ length: n }, () => review);

/**
 * A learner in New York with a known history: the numbers each block must show are worked out
 * by hand beside the seed.
 */
async function seedHistory(db: Database, userId: string) {
  await db
    .update(schema.profiles)
    .set({
      timeZone: 'America/New_York',
      currentStreak: 3,
      lastStudyDate: '2026-11-24',
      totalWords: 6,
      masteredWords: 1,
    })
    .where(eq(schema.profiles.id, userId));
  const word = (values: Partial<typeof schema.words.$inferInsert> & { word: string }) =>
    db
      .insert(schema.words)
      .values({ userId, translation: 'x', ...values })
      .returning({ id: schema.words.id })
      .then(([r]) => r!.id);
  const ids = {
    // Overdue (an hour ago): counted today.
    fresh: await word({
      word: 'fresh',
      cefrLevel: 'A1',
      nextReviewDate: new Date('2026-11-24T14:00:00Z'),
    }),
    // Mastered; due 2026-12-10 (local), 16 days ahead.
    known: await word({
      word: 'known',
      cefrLevel: 'B1',
      state: 2,
      mastered: true,
      stability: 120,
      difficulty: 3.25, // 25%
      interval: 120,
      repetitions: 9,
      totalReviews: 3,
      lastReview: new Date('2026-11-20T15:00:00Z'),
      nextReviewDate: new Date('2026-12-10T15:00:00Z'),
    }),
    // Overdue since 2026-11-20: today.
    late: await word({
      word: 'late',
      cefrLevel: 'B1',
      state: 2,
      stability: 10,
      difficulty: 5.5, // 50%
      nextReviewDate: new Date('2026-11-20T12:00:00Z'),
    }),
    // Due at 23:30 tonight, local: today.
    tonight: await word({
      word: 'tonight',
      state: 1,
      stability: 0.5,
      difficulty: 10, // 100%
      nextReviewDate: new Date('2026-11-25T04:30:00Z'),
    }),
    // Due at 00:30 tomorrow, local.
    tomorrow: await word({
      word: 'tomorrow',
      cefrLevel: 'C2',
      state: 3,
      stability: 2,
      difficulty: 1, // 0%
      nextReviewDate: new Date('2026-11-25T05:30:00Z'),
    }),
    // Beyond the forecast.
    far: await word({
      word: 'far',
      cefrLevel: 'A1',
      state: 2,
      stability: 400,
      difficulty: 7.75, // 75%
      nextReviewDate: new Date('2027-03-01T12:00:00Z'),
    }),
  };
  const w = ids.late;
  await addReviews(db, userId, [
    // Today: 25 young reviews (20 right), 3 mature (all right), 5 learning steps and 2 infinity
    // reviews that retention leaves out: 35 reviews.
    ...times(20, { at: '2026-11-24T14:00:00Z', wordId: w }),
    ...times(5, { at: '2026-11-24T14:01:00Z', wordId: w, correct: false }),
    ...times(3, { at: '2026-11-24T14:02:00Z', wordId: w, scheduledDays: 30 }),
    ...times(5, { at: '2026-11-24T14:03:00Z', wordId: w, state: 1, correct: false }),
    ...times(2, { at: '2026-11-24T14:04:00Z', wordId: w, practiceType: 'infinity' }),
    // 2026-11-20: 20 mature reviews, 15 right.
    ...times(15, { at: '2026-11-20T18:00:00Z', wordId: w, scheduledDays: 21 }),
    ...times(5, { at: '2026-11-20T18:00:00Z', wordId: w, scheduledDays: 21, correct: false }),
    // 2026-11-01, the 25-hour day (clocks back at 06:00Z): 00:30 EDT, 01:30 EDT, 01:30 EST and
    // 23:30 EST are one local day; 00:30 EST on the 2nd is the next.
    { at: '2026-11-01T04:30:00Z', wordId: w },
    { at: '2026-11-01T05:30:00Z', wordId: w },
    { at: '2026-11-01T06:30:00Z', wordId: w },
    { at: '2026-11-02T04:30:00Z', wordId: w },
    { at: '2026-11-02T05:30:00Z', wordId: w },
    // 2026-03-08, the 23-hour day: 00:30 EST and 23:30 EDT.
    { at: '2026-03-08T05:30:00Z', wordId: w },
    { at: '2026-03-09T03:30:00Z', wordId: w },
    // 2025-11-20 is 369 days back: outside the calendar.
    { at: '2025-11-20T15:00:00Z', wordId: w },
  ]);
  // Completed sessions: 2026-11-22, 23 and 24 (the current streak, 3), 2026-11-01…04 (4 days,
  // the longest), and one a year ago, outside the window.
  for (const at of [
    '2026-11-22T15:00:00Z',
    '2026-11-23T15:00:00Z',
    '2026-11-24T14:30:00Z',
    '2026-11-01T04:30:00Z', // 00:30 EDT on the 1st
    '2026-11-02T15:00:00Z',
    '2026-11-03T15:00:00Z',
    '2026-11-05T04:59:00Z', // 23:59 EST on the 4th
    '2025-11-20T15:00:00Z',
  ]) {
    await addCompletedSession(db, userId, at, 90); // 1.5 minutes: 2 credited
  }
  // A second session today: 30 s credits 1 minute.
  await addCompletedSession(db, userId, '2026-11-24T14:40:00Z', 30);

  // The mastered word's history: two items in one session, then one in the next.
  const first = await addCompletedSession(db, userId, '2026-11-10T15:00:00Z', 60);
  const second = await addCompletedSession(db, userId, '2026-11-20T15:00:00Z', 60);
  await addReviews(db, userId, [
    {
      at: '2026-11-10T14:58:00Z',
      wordId: ids.known,
      state: 2,
      scheduledDays: 40,
      practiceType: 'flashcard',
      sessionId: first,
    },
    {
      at: '2026-11-10T14:59:00Z',
      wordId: ids.known,
      state: 2,
      scheduledDays: 40,
      correct: false,
      sessionId: first,
    },
    {
      at: '2026-11-20T15:00:00Z',
      wordId: ids.known,
      state: 2,
      scheduledDays: 60,
      sessionId: second,
    },
  ]);
  return ids;
}

describe('GET /api/stats', () => {
  let owner: TestUser;
  let ids: Awaited<ReturnType<typeof seedHistory>>;
  let stats: Stats;
  beforeAll(async () => {
    owner = await t.signUp();
    ids = await seedHistory(t.db, owner.id);
    const response = await t.request('/api/stats', { cookie: owner.cookie });
    expect(response.status).toBe(200);
    stats = (await response.json()) as Stats;
  });

  it("counts reviews per local day in the learner's zone, a 23- or 25-hour day once", () => {
    expect(stats.today).toBe('2026-11-24');
    expect(stats.timeZone).toBe('America/New_York');
    const reviews = Object.fromEntries(stats.days.map((d) => [d.day, d.reviews]));
    expect(reviews).toEqual({
      '2026-03-08': 2,
      '2026-11-01': 4,
      '2026-11-02': 1,
      '2026-11-03': 0,
      '2026-11-04': 0,
      '2026-11-10': 2,
      '2026-11-20': 21,
      '2026-11-22': 0,
      '2026-11-23': 0,
      '2026-11-24': 35,
    });
    // 2 + 4 + 1 + 2 + 21 + 35: every review of the log but the one 369 days back.
    expect(stats.totalReviews).toBe(65);
  });

  it("agrees with the review log, the profile's streak and its mastered counter", async () => {
    const [logged] = await t.db
      .select({ n: count() })
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.userId, owner.id));
    expect(stats.totalReviews).toBe(logged!.n - 1);
    const profile = (await (
      await t.request('/api/profile/stats', { cookie: owner.cookie })
    ).json()) as { currentStreak: number; masteredWords: number; totalWords: number };
    expect(stats.streak.current).toBe(profile.currentStreak);
    expect(stats.collection.byState.mastered).toBe(profile.masteredWords);
    expect(stats.collection.total).toBe(profile.totalWords);
  });

  it('credits study minutes per local day and finds the longest streak', () => {
    const minutes = Object.fromEntries(stats.days.map((d) => [d.day, d.minutes]));
    expect(minutes).toMatchObject({
      '2026-11-01': 2,
      '2026-11-04': 2,
      '2026-11-10': 1,
      '2026-11-20': 1,
      '2026-11-24': 3,
    });
    expect(stats.streak).toEqual({ current: 3, longest: 4 });
  });

  it('measures retention for young and mature reviews, and says when there are too few', () => {
    expect(stats.retention.target).toBe(0.9);
    const cells = Object.fromEntries(stats.retention.periods.map((p) => [p.id, p]));
    expect(cells.day).toEqual({
      id: 'day',
      young: { reviews: 25, correct: 20 },
      mature: { reviews: 3, correct: 3 },
    });
    expect(cells.week).toEqual({
      id: 'week',
      young: { reviews: 25, correct: 20 },
      // With the mastered word's review of 2026-11-20 (interval 60, right).
      mature: { reviews: 24, correct: 19 },
    });
    // The month adds the mastered word's two reviews of 2026-11-10 (interval 40: mature, 1
    // right) and the five young ones of 2026-11-01/02.
    expect(cells.month).toEqual({
      id: 'month',
      young: { reviews: 30, correct: 25 },
      mature: { reviews: 26, correct: 20 },
    });
    expect(cells.year).toEqual({
      id: 'year',
      young: { reviews: 32, correct: 27 },
      mature: { reviews: 26, correct: 20 },
    });
  });

  it('forecasts 30 days with overdue words counted today', () => {
    expect(stats.forecast).toHaveLength(30);
    expect(stats.forecast[0]).toEqual({ day: '2026-11-24', due: 3 });
    expect(stats.forecast[1]).toEqual({ day: '2026-11-25', due: 1 });
    expect(stats.forecast[16]).toEqual({ day: '2026-12-10', due: 1 });
    expect(stats.forecast.reduce((sum, d) => sum + d.due, 0)).toBe(5);
    // Overdue: due on an earlier day (the word due an hour ago is due today).
    expect(stats.overdue).toBe(1);
  });

  it('counts the collection by state and level, and its memory', () => {
    expect(stats.collection).toEqual({
      total: 6,
      byState: { new: 1, learning: 2, review: 2, mastered: 1 },
      byLevel: [
        { level: 'A1', words: 2 },
        { level: 'B1', words: 2 },
        { level: 'C2', words: 1 },
        { level: null, words: 1 },
      ],
    });
    expect(stats.memory).toEqual({
      reviewed: 5,
      stability: [1, 1, 1, 0, 1, 1],
      difficulty: [1, 0, 1, 0, 0, 1, 0, 1, 0, 1],
      medianStabilityDays: 10,
      meanDifficultyPercent: 50,
    });
  });

  it("shows a word's every review with the interval it left, and its memory now", async () => {
    const response = await t.request(`/api/stats/words/${ids.known}`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const history = (await response.json()) as WordHistory;
    expect(
      history.reviews.map((r) => [r.reviewedAt, r.practiceType, r.correct, r.intervalAfterDays]),
    ).toEqual([
      ['2026-11-20T15:00:00.000Z', 'spelling', true, 120],
      ['2026-11-10T14:59:00.000Z', 'spelling', false, 60],
      ['2026-11-10T14:58:00.000Z', 'flashcard', true, 60],
    ]);
    expect(history.stabilityDays).toBe(120);
    expect(history.difficultyPercent).toBe(25);
    expect(history.nextReviewDate).toBe('2026-12-10T15:00:00.000Z');
    // Four days after the last review, with a stability of 120 days: recall is still high.
    expect(history.recall).toBeGreaterThan(0.97);
    expect(history.recall).toBeLessThan(1);
  });

  it("never shows another learner's data", async () => {
    const other = await t.signUp();
    const { wordIds } = await seedLearnerData(t.db, other.id, 'other');
    await addReviews(t.db, other.id, [{ at: '2026-11-24T12:00:00Z', wordId: wordIds[0]! }]);
    const mine = (await (await t.request('/api/stats', { cookie: owner.cookie })).json()) as Stats;
    expect(mine).toEqual(stats);
    const theirs = (await (
      await t.request('/api/stats', { cookie: other.cookie })
    ).json()) as Stats;
    expect(theirs.days).toEqual([{ day: '2026-11-24', reviews: 1, correct: 1, minutes: 0 }]);
    expect(theirs.collection.total).toBe(3);
    const response = await t.request(`/api/stats/words/${ids.known}`, { cookie: other.cookie });
    expect(response.status).toBe(404);
  });

  it('keeps the calendar equal to the review log as words are deleted and restored, in any zone', async () => {
    const totalFor = async (cookie: string) =>
      ((await (await t.request('/api/stats', { cookie })).json()) as Stats).totalReviews;
    const logged = async () => {
      const [row] = await t.db
        .select({ n: count() })
        .from(schema.reviewLog)
        .where(eq(schema.reviewLog.userId, owner.id));
      return row!.n;
    };
    // The learner has moved to Tokyo since: the reviews still leave the days they were made on.
    await t.db
      .update(schema.profiles)
      .set({ timeZone: 'Asia/Tokyo' })
      .where(eq(schema.profiles.id, owner.id));
    const deleted = await t.request(`/api/words/${ids.known}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(deleted.status).toBe(200);
    await t.db
      .update(schema.profiles)
      .set({ timeZone: 'America/New_York' })
      .where(eq(schema.profiles.id, owner.id));
    const after = (await (await t.request('/api/stats', { cookie: owner.cookie })).json()) as Stats;
    expect(after.totalReviews).toBe(stats.totalReviews - 3);
    expect(after.days.find((d) => d.day === '2026-11-10')?.reviews ?? 0).toBe(0);
    expect(after.days.find((d) => d.day === '2026-11-20')?.reviews).toBe(20);
    expect(after.totalReviews).toBe((await logged()) - 1);
    const restored = await t.request(`/api/words/${ids.known}/restore`, {
      method: 'POST',
      cookie: owner.cookie,
      json: {},
    });
    expect(restored.status).toBe(200);
    expect(await totalFor(owner.cookie)).toBe(stats.totalReviews);
    expect(await totalFor(owner.cookie)).toBe((await logged()) - 1);
  });

  it('answers a learner with nothing yet with empty figures', async () => {
    const fresh = await t.signUp();
    const empty = (await (await t.request('/api/stats', { cookie: fresh.cookie })).json()) as Stats;
    expect(empty).toMatchObject({
      days: [],
      totalReviews: 0,
      streak: { current: 0, longest: 0 },
      overdue: 0,
      collection: { total: 0, byLevel: [] },
      memory: { reviewed: 0, medianStabilityDays: null, meanDifficultyPercent: null },
    });
    expect(empty.forecast.every((d) => d.due === 0)).toBe(true);
  });
});

describe('GET /api/stats as the learner practises and edits', () => {
  const daysOf = async (userId: string) => {
    const [row] = await t.db
      .select({ reviews: sql<number>`coalesce(sum(${schema.reviewDays.reviews}), 0)::int` })
      .from(schema.reviewDays)
      .where(eq(schema.reviewDays.userId, userId));
    return row!.reviews;
  };
  const statsOf = async (harness: TestHarness, user: TestUser) => {
    const response = await harness.request('/api/stats', { cookie: user.cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Stats;
  };

  it('counts answers on the next read, each once however many reads run at once', async () => {
    const learner = await t.signUp();
    await t.db.insert(schema.words).values(
      ['uno', 'dos', 'tres', 'cuatro'].map((word) => ({
        userId: learner.id,
        word,
        translation: word,
      })),
    );
    expect((await statsOf(t, learner)).totalReviews).toBe(0);
    const started = await t.request('/api/practice/sessions', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id: randomUUID(), mode: 'infinity', timeZone: 'America/New_York' },
    });
    expect(started.status).toBe(201);
    const session = (await started.json()) as {
      id: string;
      items: { index: number; type: string }[];
    };
    for (const item of session.items.slice(0, 3)) {
      const answered = await t.request(`/api/practice/sessions/${session.id}/answers`, {
        method: 'POST',
        cookie: learner.cookie,
        headers: { prefer: 'return=minimal' },
        json: {
          id: randomUUID(),
          itemIndex: item.index,
          answer:
            item.type === 'multiple-choice'
              ? { type: 'multiple-choice', optionIndex: 0 }
              : item.type === 'spelling'
                ? { type: 'spelling', text: 'x' }
                : { type: 'flashcard', knew: true },
          responseTimeMs: 2_000,
        },
      });
      expect(answered.status).toBe(200);
    }
    // An answer writes its review only: the days learn of it when Progress is read.
    expect(await daysOf(learner.id)).toBe(0);
    const reads = await Promise.all(Array.from({ length: 4 }, () => statsOf(t, learner)));
    expect(reads.map((r) => r.totalReviews)).toEqual([3, 3, 3, 3]);
    expect(reads[0]!.days).toEqual([
      { day: '2026-11-24', reviews: 3, correct: expect.any(Number), minutes: 0 },
    ]);
    const [logged] = await t.db
      .select({ n: count() })
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.userId, learner.id));
    expect(await daysOf(learner.id)).toBe(logged!.n);
  });

  it("follows a change of the learner's words at once, in this process and the next", async () => {
    const second = await TestHarness.onDatabase(
      t.database,
      { clock: () => NOW },
      await t.database.connectAgain(),
    );
    const learner = await t.signUp();
    const { wordIds } = await seedLearnerData(t.db, learner.id, 'edits');
    expect((await statsOf(t, learner)).collection.total).toBe(3);
    expect((await statsOf(second, learner)).collection.total).toBe(3);
    // A word written behind the app's back announces nothing: the figures kept stand.
    await t.db.insert(schema.words).values({ userId: learner.id, word: 'quiet', translation: 'x' });
    expect((await statsOf(t, learner)).collection.total).toBe(3);
    // A change through the app is seen by the next read of this process, and of the other.
    const edited = await t.request(`/api/words/${wordIds[1]}`, {
      method: 'PATCH',
      cookie: learner.cookie,
      json: { cefrLevel: 'B2' },
    });
    expect(edited.status).toBe(200);
    const here = await statsOf(t, learner);
    expect(here.collection.total).toBe(4);
    expect(here.collection.byLevel).toContainEqual({ level: 'B2', words: 1 });
    await expect
      .poll(async () => (await statsOf(second, learner)).collection)
      .toEqual(here.collection);
    const deleted = await t.request(`/api/words/${wordIds[2]}`, {
      method: 'DELETE',
      cookie: learner.cookie,
    });
    expect(deleted.status).toBe(200);
    expect((await statsOf(t, learner)).collection.total).toBe(3);
    await expect.poll(async () => (await statsOf(second, learner)).collection.total).toBe(3);
  });
});
