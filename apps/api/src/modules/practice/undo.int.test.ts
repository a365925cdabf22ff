import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import type { PracticeItem, PracticeSession } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';

/**
 * Undo of the last practice answer (POST /api/practice/sessions/:id/undo), on the real database:
 * the schedule, mastered count and review log come back exactly; undoing twice, or replaying the
 * undone answer, changes nothing; only the learner's own last answer of an open session.
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

    // The session's last answer completes it: a completed session takes no undo.
    const last = await answered(owner, session, 1);
    const ended = await undo(owner, session.id, { answerId: last });
    expect(ended.status).toBe(409);
    expect(await logOf(owner)).toHaveLength(2);
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
