import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import type { PracticeItem, PracticeSession } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';

/**
 * Undo of the last practice answer (POST /api/practice/sessions/:id/undo), on the real database:
 * the schedule, mastered count and review log come back exactly; undoing twice, or replaying the
 * undone answer, changes nothing; only the learner's own last answer of a session. The answer that
 * completed a session reopens it and puts the profile's streak, its day and study time back.
 */

const DAY = 86_400_000;
// Tomorrow 12:00 UTC: later than every row the database stamps with its own now().
const BASE = Math.ceil(Date.now() / DAY) * DAY + 12 * 3_600_000;
let nowMs = BASE;

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({
    clock: () => new Date(nowMs),
    env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(() => t.close());

async function learner(): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  return user;
}

async function addWords(user: TestUser, pairs: [string, string][]): Promise<string[]> {
  const ids: string[] = [];
  for (const [word, translation] of pairs) {
    const id = randomUUID();
    const response = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id, word, translation },
    });
    expect(response.status).toBe(201);
    await t.db
      .update(schema.words)
      .set({ nextReviewDate: new Date(BASE - DAY) })
      .where(eq(schema.words.id, id));
    ids.push(id);
  }
  return ids;
}

async function started(user: TestUser, mode = 'daily'): Promise<PracticeSession> {
  const response = await t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode, timeZone: 'UTC' },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as PracticeSession;
}

function answerFor(session: PracticeSession, item: PracticeItem, right: boolean) {
  const word = session.words.find((w) => w.id === item.wordId)!;
  if (item.type === 'flashcard') return { type: 'flashcard', knew: right };
  if (item.type === 'multiple-choice') {
    const correct = item.options!.indexOf(word.translation);
    return { type: 'multiple-choice', optionIndex: right ? correct : (correct + 1) % 4 };
  }
  return { type: 'spelling', text: right ? word.word : `${word.word}x` };
}

const submit = (user: TestUser, session: PracticeSession, index: number, id = randomUUID()) =>
  t.request(`/api/practice/sessions/${session.id}/answers`, {
    method: 'POST',
    cookie: user.cookie,
    json: {
      id,
      itemIndex: index,
      answer: answerFor(session, session.items[index]!, true),
      responseTimeMs: 2_000,
    },
  });

/** Answers an item right; returns the answer's id. */
async function answered(user: TestUser, session: PracticeSession, index: number, right = true) {
  const id = randomUUID();
  const response = await t.request(`/api/practice/sessions/${session.id}/answers`, {
    method: 'POST',
    cookie: user.cookie,
    json: {
      id,
      itemIndex: index,
      answer: answerFor(session, session.items[index]!, right),
      responseTimeMs: 2_000,
    },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return id;
}

const undo = (user: TestUser, sessionId: string, body: unknown) =>
  t.request(`/api/practice/sessions/${sessionId}/undo`, {
    method: 'POST',
    cookie: user.cookie,
    json: body,
  });

async function undone(user: TestUser, sessionId: string, answerId: string) {
  const response = await undo(user, sessionId, { answerId });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PracticeSession;
}

/** A word's row; its `updatedAt` says when it was last written, not what it holds. */
async function wordRow(id: string) {
  const [row] = await t.db.select().from(schema.words).where(eq(schema.words.id, id));
  const { updatedAt: _written, ...held } = row!;
  return held;
}

const profileOf = async (user: TestUser) =>
  (await t.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id)))[0]!;

const logOf = (user: TestUser) =>
  t.db.select().from(schema.reviewLog).where(eq(schema.reviewLog.userId, user.id));

/** The index of the item that finishes a word's items (the word's last). */
const lastItemOf = (session: PracticeSession, wordId: string) =>
  session.items.filter((i) => i.wordId === wordId).at(-1)!.index;

describe('undoing the last answer', () => {
  it('opens the item again and drops its log row; undoing twice or replaying the answer changes nothing', async () => {
    nowMs = BASE;
    const user = await learner();
    await addWords(user, [
      ['el perro', 'dog'],
      ['el gato', 'cat'],
    ]);
    const session = await started(user);
    const first = await answered(user, session, 0);
    const second = await answered(user, session, 1);
    expect(await logOf(user)).toHaveLength(2);

    const after = await undone(user, session.id, second);
    expect(after.items[1]).toMatchObject({ completed: false, correct: null });
    expect(after.items[0]).toMatchObject({ completed: true });
    expect((await logOf(user)).map((r) => r.clientId)).toEqual([first]);

    // Undoing again, and replaying the undone answer, change nothing.
    expect(await undone(user, session.id, second)).toEqual(after);
    const replay = await submit(user, session, 1, second);
    expect(replay.status).toBe(409);
    expect((await logOf(user)).map((r) => r.clientId)).toEqual([first]);

    // The item takes a new answer, counted once.
    const again = await answered(user, session, 1);
    expect((await logOf(user)).map((r) => r.clientId).sort()).toEqual([first, again].sort());
    // The earlier answer is no longer the last one.
    const earlier = await undo(user, session.id, { answerId: first });
    expect(earlier.status).toBe(409);
  });

  it("restores the word's exact schedule and the mastered count when the answer had rescheduled it", async () => {
    nowMs = BASE;
    const user = await learner();
    const [kept, other] = await addWords(user, [
      ['la casa', 'house'],
      ['el libro', 'book'],
    ]);
    // A mastered word that a wrong answer would un-master.
    await t.db
      .update(schema.words)
      .set({
        state: 2,
        stability: 200,
        difficulty: 3,
        repetitions: 9,
        totalReviews: 9,
        correctReviews: 9,
        successRate: 1,
        interval: 200,
        mastered: true,
        lastReview: new Date(BASE - 200 * DAY),
        // Due first, so its items come first.
        nextReviewDate: new Date(BASE - 2 * DAY),
      })
      .where(eq(schema.words.id, kept!));
    await t.db
      .update(schema.profiles)
      .set({ masteredWords: 1 })
      .where(eq(schema.profiles.id, user.id));
    const session = await started(user);
    const finishing = lastItemOf(session, kept!);
    // Every item of the mastered word before its last, and none of the other's last item.
    for (const item of session.items) {
      if (item.index >= finishing) break;
      await answered(user, session, item.index, item.wordId !== kept);
    }
    const before = await wordRow(kept!);
    const logBefore = (await logOf(user)).length;

    const last = await answered(user, session, finishing, false);
    const rescheduled = await wordRow(kept!);
    expect(rescheduled.mastered).toBe(false);
    expect(rescheduled.totalReviews).toBe(10);
    expect((await profileOf(user)).masteredWords).toBe(0);

    const after = await undone(user, session.id, last);
    expect(await wordRow(kept!)).toEqual(before);
    expect((await profileOf(user)).masteredWords).toBe(1);
    expect(await logOf(user)).toHaveLength(logBefore);
    expect(after.words.find((w) => w.id === kept)?.mastered).toBe(true);
    expect(after.items[finishing]).toMatchObject({ completed: false });
    expect(after.completedAt).toBeNull();

    // Undone again: still exactly as before.
    await undone(user, session.id, last);
    expect(await wordRow(kept!)).toEqual(before);
    expect((await profileOf(user)).masteredWords).toBe(1);

    // Answered again the same way, the word is rescheduled exactly as the first time.
    await answered(user, session, finishing, false);
    expect(await wordRow(kept!)).toEqual(rescheduled);
    expect((await profileOf(user)).masteredWords).toBe(0);
    expect((await wordRow(other!)).totalReviews).toBe(0);
  });

  it('undoes an infinity answer too, which changed no schedule', async () => {
    nowMs = BASE;
    const user = await learner();
    const [id] = await addWords(user, [['la mesa', 'table']]);
    const before = await wordRow(id!);
    const round = await started(user, 'infinity');
    const answerId = await answered(user, round, 0);
    const after = await undone(user, round.id, answerId);
    expect(after.items[0]).toMatchObject({ completed: false });
    expect(await logOf(user)).toHaveLength(0);
    expect(await wordRow(id!)).toEqual(before);
  });

  it('refuses what is not the learner’s own last answer of an open session', async () => {
    nowMs = BASE;
    const owner = await learner();
    const intruder = await learner();
    await addWords(owner, [['el árbol', 'tree']]);
    const session = await started(owner);
    const first = await answered(owner, session, 0);

    // Another learner's session is missing to them, as is an unknown answer or session.
    expect((await undo(intruder, session.id, { answerId: first })).status).toBe(404);
    expect((await undo(owner, session.id, { answerId: randomUUID() })).status).toBe(404);
    expect((await undo(owner, randomUUID(), { answerId: first })).status).toBe(404);
    // Malformed requests.
    for (const body of [{}, { answerId: 'x' }, { answerId: 42 }, { answerId: first, more: 1 }]) {
      expect((await undo(owner, session.id, body)).status).toBe(400);
    }
    const notUuid = await t.request('/api/practice/sessions/nope/undo', {
      method: 'POST',
      cookie: owner.cookie,
      json: { answerId: first },
    });
    expect(notUuid.status).toBe(400);
    expect(await logOf(owner)).toHaveLength(1);

    // The answer that completed the session: another learner still finds nothing to undo.
    const last = await answered(owner, session, 1);
    expect((await undo(intruder, session.id, { answerId: last })).status).toBe(404);
    expect(await logOf(owner)).toHaveLength(2);
    expect((await profileOf(owner)).currentStreak).toBe(1);
    // Nor can an earlier answer of the completed session be taken back.
    expect((await undo(owner, session.id, { answerId: first })).status).toBe(409);
    expect((await profileOf(owner)).currentStreak).toBe(1);
  });

  it('two undos at once take the answer back once', async () => {
    nowMs = BASE;
    const user = await learner();
    await addWords(user, [
      ['la silla', 'chair'],
      ['el perro', 'dog'],
    ]);
    const session = await started(user);
    await answered(user, session, 0);
    const second = await answered(user, session, 1);
    const responses = await Promise.all([
      undo(user, session.id, { answerId: second }),
      undo(user, session.id, { answerId: second }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await logOf(user)).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(schema.dailyPracticeSessions)
      .where(eq(schema.dailyPracticeSessions.id, session.id));
    expect(row!.items[1]!.undoneAnswerIds).toEqual([second]);
  });
});

/** The learner's local day (UTC here) `days` from the clock's now. */
const dayOf = (days: number) => new Date(nowMs + days * DAY).toISOString().slice(0, 10);

/** Answers every item of a session right; returns the last answer's id. */
async function finish(user: TestUser, session: PracticeSession): Promise<string> {
  let last = '';
  for (const item of session.items) last = await answered(user, session, item.index);
  return last;
}

const sessionRow = async (id: string) =>
  (
    await t.db
      .select()
      .from(schema.dailyPracticeSessions)
      .where(eq(schema.dailyPracticeSessions.id, id))
  )[0]!;

describe('undoing the answer that completed a session', () => {
  it('reopens a daily session and puts streak, its day, study time and counts back exactly; a replay or a second undo counts nothing', async () => {
    nowMs = BASE;
    const user = await learner();
    const ids = await addWords(user, [
      ['el perro', 'dog'],
      ['el gato', 'cat'],
    ]);
    // A streak broken two days ago: completing today starts it again at 1, so an undo that
    // recomputed it would not find the 4 it was.
    await t.db
      .update(schema.profiles)
      .set({ currentStreak: 4, lastStudyDate: dayOf(-2), totalStudyTime: 37, masteredWords: 0 })
      .where(eq(schema.profiles.id, user.id));
    const session = await started(user);
    const { updatedAt: _before, ...profileBefore } = await profileOf(user);
    const lastIndex = session.items.at(-1)!.index;
    for (const item of session.items.slice(0, -1)) await answered(user, session, item.index);
    const wordsBefore = await Promise.all(ids.map(wordRow));
    const logBefore = (await logOf(user)).length;

    const last = await answered(user, session, lastIndex);
    const completed = await profileOf(user);
    expect(completed).toMatchObject({
      currentStreak: 1,
      lastStudyDate: dayOf(0),
      totalStudyTime: 38,
    });
    const wordsCompleted = await Promise.all(ids.map(wordRow));
    const rowCompleted = await sessionRow(session.id);
    expect(rowCompleted.completedAt).not.toBeNull();

    const after = await undone(user, session.id, last);
    expect(after.completedAt).toBeNull();
    expect(after.summary).toBeNull();
    expect(after.items[lastIndex]).toMatchObject({ completed: false, correct: null });
    const { updatedAt: _undone, ...profileUndone } = await profileOf(user);
    expect(profileUndone).toEqual(profileBefore);
    expect(await Promise.all(ids.map(wordRow))).toEqual(wordsBefore);
    expect(await logOf(user)).toHaveLength(logBefore);
    expect(await sessionRow(session.id)).toMatchObject({
      completedAt: null,
      wordsPracticed: 0,
      correctCount: 0,
      totalTimeSeconds: 0,
      streakAfter: null,
    });
    // The feed finds the session open again, on its last item.
    const feed = await t.request('/api/practice/feed', { cookie: user.cookie });
    expect(await feed.json()).toMatchObject({ kind: 'session', session: { id: session.id } });

    // Undoing again, and replaying the completing answer, change nothing.
    expect(await undone(user, session.id, last)).toEqual(after);
    expect((await submit(user, session, lastIndex, last)).status).toBe(409);
    const { updatedAt: _replayed, ...profileReplayed } = await profileOf(user);
    expect(profileReplayed).toEqual(profileBefore);
    expect(await logOf(user)).toHaveLength(logBefore);

    // Answered again, the session completes once more, counted once.
    await answered(user, session, lastIndex);
    expect(await profileOf(user)).toMatchObject({
      currentStreak: 1,
      lastStudyDate: dayOf(0),
      totalStudyTime: 38,
    });
    expect(await Promise.all(ids.map(wordRow))).toEqual(wordsCompleted);
    expect(await sessionRow(session.id)).toMatchObject({
      wordsPracticed: rowCompleted.wordsPracticed,
      correctCount: rowCompleted.correctCount,
      totalTimeSeconds: rowCompleted.totalTimeSeconds,
      streakAfter: 1,
    });
    expect(await logOf(user)).toHaveLength(logBefore + 1);
  });

  it('puts back the mastered count the completing answer changed', async () => {
    nowMs = BASE;
    const user = await learner();
    const [id] = await addWords(user, [['la casa', 'house']]);
    // A word one right review away from mastered.
    await t.db
      .update(schema.words)
      .set({
        state: 2,
        stability: 200,
        difficulty: 3,
        repetitions: 9,
        totalReviews: 9,
        correctReviews: 9,
        successRate: 1,
        interval: 200,
        lastReview: new Date(BASE - 200 * DAY),
      })
      .where(eq(schema.words.id, id!));
    const session = await started(user);
    const before = await wordRow(id!);
    const last = await finish(user, session);
    expect((await wordRow(id!)).mastered).toBe(true);
    expect((await profileOf(user)).masteredWords).toBe(1);

    await undone(user, session.id, last);
    expect(await wordRow(id!)).toEqual(before);
    expect((await profileOf(user)).masteredWords).toBe(0);
  });

  it("reopens an infinity round, whose completion counted the day's streak and study time", async () => {
    nowMs = BASE;
    const user = await learner();
    await addWords(user, [['la mesa', 'table']]);
    await t.db
      .update(schema.profiles)
      .set({ currentStreak: 2, lastStudyDate: dayOf(-1), totalStudyTime: 5 })
      .where(eq(schema.profiles.id, user.id));
    const round = await started(user, 'infinity');
    const last = await finish(user, round);
    expect(await profileOf(user)).toMatchObject({
      currentStreak: 3,
      lastStudyDate: dayOf(0),
      totalStudyTime: 6,
    });

    const after = await undone(user, round.id, last);
    expect(after.completedAt).toBeNull();
    expect(await profileOf(user)).toMatchObject({
      currentStreak: 2,
      lastStudyDate: dayOf(-1),
      totalStudyTime: 5,
    });
    await undone(user, round.id, last);
    expect((await profileOf(user)).currentStreak).toBe(2);

    await answered(user, round, round.items.at(-1)!.index);
    expect(await profileOf(user)).toMatchObject({ currentStreak: 3, totalStudyTime: 6 });
  });

  it('keeps the streak a session completed since also counted, and only its own minutes go', async () => {
    nowMs = BASE;
    const user = await learner();
    await addWords(user, [['el sol', 'sun']]);
    const session = await started(user);
    const last = await finish(user, session);
    nowMs = BASE + 60_000;
    await finish(user, await started(user, 'infinity'));
    expect(await profileOf(user)).toMatchObject({
      currentStreak: 1,
      lastStudyDate: dayOf(0),
      totalStudyTime: 2,
    });

    await undone(user, session.id, last);
    expect(await profileOf(user)).toMatchObject({
      currentStreak: 1,
      lastStudyDate: dayOf(0),
      totalStudyTime: 1,
    });
  });

  it("takes no undo once the session's day is over", async () => {
    nowMs = BASE;
    const user = await learner();
    await addWords(user, [['la luna', 'moon']]);
    const session = await started(user);
    const last = await finish(user, session);
    nowMs = BASE + DAY;
    expect((await undo(user, session.id, { answerId: last })).status).toBe(409);
    expect((await profileOf(user)).currentStreak).toBe(1);
  });
});
