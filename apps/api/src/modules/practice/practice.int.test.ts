import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  applyAnswer,
  interleavedOrder,
  type AnswerResult,
  type FeedState,
  type PracticeSession,
  type PracticeItem,
  type Profile,
} from '@verba/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { cleanupExpiredSessions } from './jobs.ts';
import type { SessionRow } from './session-mapper.ts';
import { insertSession, insertSessionValues } from './start-statements.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
// Tomorrow 12:00 UTC: later than every row the database stamps with its own now().
const BASE = Math.ceil(Date.now() / DAY) * DAY + 12 * 60 * MINUTE;
let nowMs = BASE;
const at = (ms: number) => {
  nowMs = ms;
};

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({
    clock: () => new Date(nowMs),
    env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(() => t.close());

interface Envelope {
  error: { code: string; message: string };
}

async function learner(): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  return user;
}

const SPANISH = [
  ['la casa', 'house'],
  ['el perro', 'dog'],
  ['el gato', 'cat'],
  ['la mesa', 'table'],
  ['el libro', 'book'],
  ['la silla', 'chair'],
  ['el árbol', 'tree'],
] as const;

/** Saves words; the i-th is due i minutes before the first (so the last is the oldest due). */
async function addWords(
  user: TestUser,
  count: number,
  dueAt = nowMs,
  first = 0,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = first; i < first + count; i++) {
    const [word, translation] = SPANISH[i % SPANISH.length]!;
    const id = randomUUID();
    const response = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: {
        id,
        word: i < SPANISH.length ? word : `${word} ${i}`,
        translation: i < SPANISH.length ? translation : `${translation} ${i}`,
      },
    });
    expect(response.status).toBe(201);
    await setDue(id, dueAt - (i - first) * MINUTE);
    ids.push(id);
  }
  return ids;
}

const setDue = (id: string, ms: number) =>
  t.db
    .update(schema.words)
    .set({ nextReviewDate: new Date(ms) })
    .where(eq(schema.words.id, id));

const feed = async (user: TestUser) =>
  (await (await t.request('/api/practice/feed', { cookie: user.cookie })).json()) as FeedState;

const start = (
  user: TestUser,
  body: Partial<{ id: string; mode: string; timeZone: string; groupId: string | null }> = {},
) =>
  t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC', ...body },
  });

async function started(user: TestUser, body: Parameters<typeof start>[1] = {}) {
  const response = await start(user, body);
  expect(response.status).toBe(201);
  return (await response.json()) as PracticeSession;
}

/** The answer that is right (or wrong) for an item, as the learner would give it. */
function answerFor(session: PracticeSession, item: PracticeItem, right: boolean) {
  const word = session.words.find((w) => w.id === item.wordId)!;
  if (item.type === 'flashcard') return { type: 'flashcard', knew: right };
  if (item.type === 'multiple-choice') {
    const correct = item.options!.indexOf(word.translation);
    return { type: 'multiple-choice', optionIndex: right ? correct : (correct + 1) % 4 };
  }
  return { type: 'spelling', text: right ? word.word : `${word.word}x` };
}

/** Sends an answer as the web app does: asking for what changed only (`Prefer: return=minimal`). */
const submit = (
  user: TestUser,
  sessionId: string,
  body: Record<string, unknown>,
  prefer = 'return=minimal',
) =>
  t.request(`/api/practice/sessions/${sessionId}/answers`, {
    method: 'POST',
    cookie: user.cookie,
    headers: prefer ? { prefer } : {},
    json: { id: randomUUID(), responseTimeMs: 2_000, ...body },
  });

async function answer(
  user: TestUser,
  session: PracticeSession,
  index: number,
  right = true,
  extra: Record<string, unknown> = {},
): Promise<AnswerResult> {
  const item = session.items[index]!;
  const response = await submit(user, session.id, {
    itemIndex: index,
    answer: answerFor(session, item, right),
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AnswerResult;
}

/**
 * Answers every item in order; `right(item)` decides each answer. Returns the last answer's
 * result and the session as the client keeps it: each answer folded in with `applyAnswer`.
 */
async function answerAll(
  user: TestUser,
  session: PracticeSession,
  right: (item: PracticeItem) => boolean = () => true,
  responseTimeMs = 2_000,
): Promise<AnswerResult & { session: PracticeSession }> {
  let last: AnswerResult | undefined;
  let folded = session;
  for (const item of session.items) {
    last = await answer(user, session, item.index, right(item), { responseTimeMs });
    folded = applyAnswer(folded, last);
  }
  return { ...last!, session: folded };
}

const profileOf = async (user: TestUser) =>
  (await t.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id)))[0]!;

// In a fixed order: tests compare these lists before and after, and a plan may change between.
const wordsOf = (user: TestUser) =>
  t.db
    .select()
    .from(schema.words)
    .where(eq(schema.words.userId, user.id))
    .orderBy(asc(schema.words.id));

const logOf = (user: TestUser) =>
  t.db
    .select()
    .from(schema.reviewLog)
    .where(eq(schema.reviewLog.userId, user.id))
    .orderBy(asc(schema.reviewLog.reviewedAt), asc(schema.reviewLog.id));

describe('feed session selection', () => {
  it('says "no words", then "due", starts the 5 oldest due words, resumes, then is caught up', async () => {
    at(BASE);
    const user = await learner();
    expect(await feed(user)).toEqual({ kind: 'no-words' });
    const ids = await addWords(user, 7);
    // One word is not due yet.
    await setDue(ids[0]!, BASE + DAY);
    expect(await feed(user)).toEqual({ kind: 'due', dueCount: 6 });

    const id = randomUUID();
    const response = await start(user, { id });
    expect(response.status).toBe(201);
    const session = (await response.json()) as PracticeSession;
    expect(session.id).toBe(id);
    expect(session.mode).toBe('daily');
    // Oldest due first: the word added last is due earliest.
    expect(session.words.map((w) => w.id)).toEqual([ids[6], ids[5], ids[4], ids[3], ids[2]]);
    expect(session.words[0]).toMatchObject({ language: 'es', translationLanguage: 'en' });
    expect(session.items).toHaveLength(5 * 4);
    expect(session.completedAt).toBeNull();
    expect(session.summary).toBeNull();

    // Reading the feed resumes it and writes nothing.
    const state = await feed(user);
    expect(state).toMatchObject({ kind: 'session', session: { id } });
    // A replayed start and a start with another id both answer the open session.
    const replay = await start(user, { id });
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as PracticeSession).id).toBe(id);
    const other = await start(user);
    expect(other.status).toBe(200);
    expect(((await other.json()) as PracticeSession).id).toBe(id);
    const read = await t.request(`/api/practice/sessions/${id}`, { cookie: user.cookie });
    expect(await read.json()).toEqual(session);

    await answerAll(user, session);
    // Completed just now, and one word is still due: a quick review is offered.
    expect(await feed(user)).toEqual({ kind: 'quick-review', dueCount: 1, practiseAgainCount: 0 });
    at(BASE + 61 * MINUTE);
    expect(await feed(user)).toEqual({ kind: 'due', dueCount: 1 });
    const second = await started(user);
    expect(second.words.map((w) => w.id)).toEqual([ids[1]]);
    expect(second.items).toHaveLength(2);
    await answerAll(user, second);
    const caughtUp = await feed(user);
    expect(caughtUp).toEqual({
      kind: 'caught-up',
      nextReviewDate: new Date(BASE + DAY).toISOString(),
    });
    const nothing = await start(user);
    expect(nothing.status).toBe(409);
    expect(((await nothing.json()) as Envelope).error.code).toBe('CONFLICT');
  });

  it('counts a new word answered wrongly as practised again in the quick review, not as due again', async () => {
    at(BASE);
    const user = await learner();
    const [missed, known] = await addWords(user, 2);
    const session = await started(user);
    await answerAll(user, session, (item) => item.wordId !== missed);
    const rows = await wordsOf(user);
    expect(rows.find((w) => w.id === missed)).toMatchObject({ repetitions: 0, totalReviews: 1 });
    // Both are made due within the hour.
    at(BASE + 30 * MINUTE);
    await setDue(missed!, nowMs);
    await setDue(known!, nowMs);
    expect(await feed(user)).toEqual({ kind: 'quick-review', dueCount: 2, practiseAgainCount: 1 });
  });

  it('builds 2, 3 and 4 items per word for sessions of 1, 2 and 3+ words, interleaved round-robin with a staggered start', async () => {
    at(BASE);
    for (const [count, perWord] of [
      [1, 2],
      [2, 3],
      [3, 4],
    ] as const) {
      const user = await learner();
      await addWords(user, count);
      const session = await started(user);
      expect(session.items).toHaveLength(count * perWord);
      const order = interleavedOrder(count, perWord);
      session.items.forEach((item, i) => {
        expect(item.index).toBe(i);
        expect(item.wordId).toBe(session.words[order[i]![0]]!.id);
      });
    }
  });
});

describe('answering', () => {
  it('reschedules each word once, after all of its items, and completes the session once', async () => {
    at(BASE);
    const user = await learner();
    await addWords(user, 3);
    const session = await started(user);
    const before = await wordsOf(user);
    // Answer all but the last item of the first word.
    const firstWord = session.words[0]!.id;
    const lastOfFirst = session.items.filter((i) => i.wordId === firstWord).at(-1)!.index;
    for (const item of session.items.filter((i) => i.index !== lastOfFirst)) {
      await answer(user, session, item.index);
    }
    let rows = await wordsOf(user);
    const first = () => rows.find((w) => w.id === firstWord)!;
    expect(first().nextReviewDate).toEqual(before.find((w) => w.id === firstWord)!.nextReviewDate);
    expect(first().totalReviews).toBe(0);
    for (const row of rows.filter((w) => w.id !== firstWord)) {
      expect(row.totalReviews).toBe(1);
      expect(row.correctReviews).toBe(1);
      expect(row.nextReviewDate.getTime()).toBe(BASE + row.interval * DAY);
      expect(row.interval).toBeGreaterThan(0);
    }
    const last = await answer(user, session, lastOfFirst);
    rows = await wordsOf(user);
    expect(first().totalReviews).toBe(1);
    expect(first().lastReview?.getTime()).toBe(BASE);
    expect(last.completedAt).toBe(new Date(BASE).toISOString());
    expect(last.summary).toEqual({
      wordsPracticed: 3,
      correctCount: 12,
      accuracy: 100,
      totalTimeSeconds: 24,
      currentStreak: 1,
    });
    const log = await logOf(user);
    expect(log).toHaveLength(12);
    expect(log.every((l) => l.outcome === 'correct' && l.confidenceRating === 3)).toBe(true);
    expect(log.every((l) => l.rating === 3 && l.state === 0 && l.responseTime === 2)).toBe(true);
    expect(new Set(log.map((l) => l.practiceType))).toContain('spelling');
    const profile = await profileOf(user);
    expect(profile).toMatchObject({ totalStudyTime: 1, currentStreak: 1 });

    // Replaying the last answer changes nothing and answers the same.
    const replay = await submit(user, session.id, {
      id: (
        await t.db
          .select({ items: schema.dailyPracticeSessions.items })
          .from(schema.dailyPracticeSessions)
          .where(eq(schema.dailyPracticeSessions.id, session.id))
      )[0]!.items[lastOfFirst]!.answer!.id,
      itemIndex: lastOfFirst,
      answer: answerFor(session, session.items[lastOfFirst]!, true),
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(last);
    expect(await logOf(user)).toHaveLength(12);
    expect(await profileOf(user)).toEqual(profile);
    expect(await wordsOf(user)).toEqual(rows);
  });

  it.each(['daily', 'infinity'] as const)(
    'answers of a %s session sent all at once, some twice, complete it exactly once',
    async (mode) => {
      at(BASE);
      const user = await learner();
      await addWords(user, 3);
      const session = await started(user, { mode });
      const bodies = session.items.map((item) => ({
        id: randomUUID(),
        itemIndex: item.index,
        answer: answerFor(session, item, true),
      }));
      const responses = await Promise.all(
        [...bodies, ...bodies.slice(0, 4)].map((body) => submit(user, session.id, body)),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      const stored = (
        await t.db
          .select()
          .from(schema.dailyPracticeSessions)
          .where(eq(schema.dailyPracticeSessions.id, session.id))
      )[0]!;
      expect(stored.items.map((i) => i.answer?.id)).toEqual(bodies.map((b) => b.id));
      expect(stored.completedAt?.getTime()).toBe(BASE);
      expect(stored).toMatchObject({ wordsPracticed: 3, correctCount: 12 });
      expect(await logOf(user)).toHaveLength(12);
      const reviews = mode === 'daily' ? 1 : 0;
      for (const word of await wordsOf(user)) expect(word.totalReviews).toBe(reviews);
      expect(await profileOf(user)).toMatchObject({ totalStudyTime: 1, currentStreak: 1 });
    },
  );

  it.each(['daily', 'infinity'] as const)(
    'records the answers of a %s session that finish nothing without a transaction',
    async (mode) => {
      at(BASE);
      const user = await learner();
      await addWords(user, 2);
      const session = await started(user, { mode });
      const transaction = vi.spyOn(t.db, 'transaction');
      try {
        const finishing: number[] = [];
        for (const item of session.items) {
          const before = transaction.mock.calls.length;
          const body = {
            id: randomUUID(),
            itemIndex: item.index,
            answer: answerFor(session, item, true),
          };
          expect((await submit(user, session.id, body)).status).toBe(200);
          if (transaction.mock.calls.length > before) finishing.push(item.index);
        }
        // Only a word's last item (daily) or the session's last item takes the locked path.
        const lastOfWord = session.items.filter(
          (item, i) => !session.items.slice(i + 1).some((later) => later.wordId === item.wordId),
        );
        const expected =
          mode === 'daily' ? lastOfWord.map((i) => i.index) : [session.items.at(-1)!.index];
        expect(finishing).toEqual(expected);
        expect(await logOf(user)).toHaveLength(session.items.length);
      } finally {
        transaction.mockRestore();
      }
    },
  );

  it('answers with the whole session too when the request does not ask for a minimal return', async () => {
    at(BASE);
    const user = await learner();
    await addWords(user, 2);
    const session = await started(user, { mode: 'infinity' });
    const body = (index: number) => ({
      itemIndex: index,
      answer: answerFor(session, session.items[index]!, true),
    });
    const minimal = await submit(user, session.id, body(0));
    expect(minimal.headers.get('preference-applied')).toBe('return=minimal');
    expect(await minimal.json()).not.toHaveProperty('session');
    // An earlier version of the app, open in a tab across an upgrade, reads the session.
    const full = await submit(user, session.id, body(1), '');
    expect(full.headers.get('preference-applied')).toBeNull();
    const result = (await full.json()) as AnswerResult;
    const stored = await t.request(`/api/practice/sessions/${session.id}`, { cookie: user.cookie });
    expect(result.session).toEqual(await stored.json());
    expect(result.item).toEqual(result.session?.items[1]);
  });

  it('counts a replayed answer once and refuses a second answer to an item', async () => {
    at(BASE);
    const user = await learner();
    await addWords(user, 1);
    const session = await started(user);
    const id = randomUUID();
    const body = { id, itemIndex: 0, answer: answerFor(session, session.items[0]!, false) };
    const first = await submit(user, session.id, body);
    expect(first.status).toBe(200);
    const firstResult = (await first.json()) as AnswerResult;
    expect(firstResult.correct).toBe(false);
    expect(firstResult.item).toMatchObject({ index: 0, completed: true, correct: false });
    const again = await submit(user, session.id, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstResult);
    expect(await logOf(user)).toHaveLength(1);
    // Another id for the same item, or the same id for another item: refused.
    expect((await submit(user, session.id, { ...body, id: randomUUID() })).status).toBe(409);
    expect((await submit(user, session.id, { ...body, itemIndex: 1 })).status).toBe(409);
    // No such item; a drill of another type.
    expect(
      (
        await submit(user, session.id, {
          itemIndex: 2,
          answer: { type: 'flashcard', knew: true },
        })
      ).status,
    ).toBe(404);
    const wrongType = await submit(user, session.id, {
      itemIndex: 1,
      answer: { type: 'flashcard', knew: true },
    });
    expect(wrongType.status).toBe(400);
    // An index past any session's last item, or past what a number column holds.
    for (const itemIndex of [80, 3_000_000_000]) {
      const huge = await submit(user, session.id, {
        itemIndex,
        answer: { type: 'flashcard', knew: true },
      });
      expect(huge.status).toBe(400);
    }
    expect(await logOf(user)).toHaveLength(1);
  });

  it('checks spelling trimmed, case-insensitively and with composed and decomposed accents equal', async () => {
    at(BASE);
    const user = await learner();
    // 'el árbol' is the 7th sample word; give the learner only that one.
    const id = randomUUID();
    await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id, word: 'el árbol', translation: 'tree' },
    });
    await setDue(id, BASE);
    const session = await started(user);
    const spelling = session.items.find((i) => i.type === 'spelling')!;
    const decomposed = '  EL A\u0301RBOL '.normalize('NFD');
    const result = await answer(user, session, spelling.index, true, {
      answer: { type: 'spelling', text: decomposed },
    });
    expect(result.correct).toBe(true);
    expect(result.expected).toBe('el árbol');
    // Text no one could type, and a blank answer, are refused before they are checked.
    for (const bad of ['el \u0000árbol', 'el \uD800árbol', '', '   ']) {
      const refused = await submit(user, session.id, {
        itemIndex: spelling.index,
        answer: { type: 'spelling', text: bad },
      });
      expect(refused.status).toBe(400);
    }
    const flash = session.items.find((i) => i.type === 'flashcard')!;
    const wrong = await answer(user, session, flash.index, false);
    expect(wrong).toMatchObject({ correct: false, expected: 'tree' });
    // One right and one wrong: the word was answered wrong this session (Again).
    const [row] = await wordsOf(user);
    expect(row).toMatchObject({ totalReviews: 1, correctReviews: 0, repetitions: 0 });
  });

  it('offers quizzes only with 4+ unique translations, with distinct distractors', async () => {
    at(BASE);
    const few = await learner();
    await addWords(few, 3);
    expect((await started(few)).items.some((i) => i.type === 'multiple-choice')).toBe(false);

    const many = await learner();
    await addWords(many, 6);
    // Infinity treats words as learning, whose first drill is a quiz when possible.
    const session = await started(many, { mode: 'infinity' });
    const quizzes = session.items.filter((i) => i.type === 'multiple-choice');
    expect(quizzes.length).toBeGreaterThan(0);
    for (const quiz of quizzes) {
      const word = session.words.find((w) => w.id === quiz.wordId)!;
      expect(quiz.options).toHaveLength(4);
      expect(new Set(quiz.options).size).toBe(4);
      expect(quiz.options).toContain(word.translation);
      const result = await answer(many, session, quiz.index, false);
      expect(result).toMatchObject({ correct: false, expected: word.translation });
    }
  });
});

describe('who may answer', () => {
  it("answers 404 for another learner's session and items, and changes nothing", async () => {
    at(BASE);
    const owner = await learner();
    const intruder = await learner();
    await addWords(owner, 2);
    const session = await started(owner);
    expect(
      (await t.request(`/api/practice/sessions/${session.id}`, { cookie: intruder.cookie })).status,
    ).toBe(404);
    const response = await submit(intruder, session.id, {
      itemIndex: 0,
      answer: answerFor(session, session.items[0]!, true),
    });
    expect(response.status).toBe(404);
    // The owner's session id cannot be taken over by a start either.
    await addWords(intruder, 1);
    for (const mode of ['daily', 'infinity'] as const) {
      const taken = await start(intruder, { id: session.id, mode });
      expect(taken.status).toBe(409);
      expect(await taken.text()).toContain('already in use');
    }
    expect(await logOf(owner)).toHaveLength(0);
    expect((await feed(owner)).kind).toBe('session');
  });
});

describe('study time', () => {
  it('credits at most 30 s per item, in minutes rounded up, at least 1', async () => {
    at(BASE);
    const user = await learner();
    await addWords(user, 1);
    // 2 items × 1 ms → 1 minute minimum.
    let done: AnswerResult = await answerAll(user, await started(user), () => true, 1);
    expect(done.summary?.totalTimeSeconds).toBe(0);
    expect((await profileOf(user)).totalStudyTime).toBe(1);
    // 2 items × 10 minutes (capped at 30 s each) → 60 s → 1 minute.
    const [word] = await wordsOf(user);
    await setDue(word!.id, nowMs);
    done = await answerAll(user, await started(user), () => true, 10 * MINUTE);
    expect(done.summary?.totalTimeSeconds).toBe(60);
    expect((await profileOf(user)).totalStudyTime).toBe(2);
    // 31 s (capped at 30) + 30 s → 60 s → 1 minute.
    await setDue(word!.id, nowMs);
    const session = await started(user);
    await answer(user, session, 0, true, { responseTimeMs: 31_000 });
    done = await answer(user, session, 1, true, { responseTimeMs: 30_000 });
    expect(done.summary?.totalTimeSeconds).toBe(60);
    expect((await profileOf(user)).totalStudyTime).toBe(3);
    // Two words, 6 items × 10.5 s → 63 s → 2 minutes.
    await addWords(user, 2, nowMs, 1);
    expect((await feed(user)).kind).toBe('quick-review');
    done = await answerAll(user, await started(user), () => true, 10_500);
    expect(done.summary).toMatchObject({ wordsPracticed: 2, totalTimeSeconds: 63 });
    expect((await profileOf(user)).totalStudyTime).toBe(5);
    const log = await logOf(user);
    // The log keeps the measured time, capped at 10 minutes.
    expect(Math.max(...log.map((l) => l.durationMs))).toBe(10 * MINUTE);
  });
});

describe('streak', () => {
  it('counts calendar days in the learner’s time zone: holds, increments, resets', async () => {
    const zone = 'America/New_York';
    // 2 days ahead at 04:50 UTC = 23:50 in New York (EST, UTC−5) on the day before.
    const day = Math.ceil(Date.now() / DAY) * DAY + 2 * DAY;
    const local = (dayOffset: number, hh: number, mm: number) =>
      day + dayOffset * DAY + (hh + 5) * 60 * MINUTE + mm * MINUTE - DAY;
    at(local(0, 23, 50));
    const user = await learner();
    const [id] = await addWords(user, 1);
    const session = async () => {
      await setDue(id!, nowMs);
      const s = await started(user, { timeZone: zone });
      return (await answerAll(user, s)).summary!.currentStreak;
    };
    expect(await session()).toBe(1);
    expect((await profileOf(user)).timeZone).toBe(zone);
    // 20 minutes later it is the next local day.
    at(local(1, 0, 10));
    expect(await session()).toBe(2);
    at(local(1, 18, 0));
    expect(await session()).toBe(2);
    const shownStreak = async () =>
      ((await (await t.request('/api/profile', { cookie: user.cookie })).json()) as Profile)
        .currentStreak;
    // The profile shows the streak through the next local day, and shows it broken after that.
    at(local(2, 23, 59));
    expect(await shownStreak()).toBe(2);
    at(local(3, 0, 1));
    expect(await shownStreak()).toBe(0);
    // A missed day starts again.
    at(local(3, 9, 0));
    expect(await session()).toBe(1);
    expect((await profileOf(user)).currentStreak).toBe(1);
  });

  it('ends a session at the end of the learner’s day; an expired one is not resumed and goes in the clean-up', async () => {
    const zone = 'Asia/Tokyo';
    // 12:00 UTC is 21:00 in Tokyo: the day ends in 3 hours.
    at(BASE);
    const user = await learner();
    await addWords(user, 2);
    const session = await started(user, { timeZone: zone });
    expect(session.expiresAt).toBe(new Date(BASE + 3 * 60 * MINUTE).toISOString());
    await answer(user, session, 0);
    at(BASE + 3 * 60 * MINUTE + 1);
    expect(await feed(user)).toEqual({ kind: 'due', dueCount: 2 });
    expect(
      (
        await submit(user, session.id, {
          itemIndex: 1,
          answer: answerFor(session, session.items[1]!, true),
        })
      ).status,
    ).toBe(409);
    // The server's own background job (run now instead of waiting for its timer).
    await t.services.jobs.sessionCleanup.runNow();
    expect(await cleanupExpiredSessions(t.db, new Date(nowMs))).toBe(0);
    expect(
      (await t.request(`/api/practice/sessions/${session.id}`, { cookie: user.cookie })).status,
    ).toBe(404);
    // The answer given stays in the review log.
    expect(await logOf(user)).toHaveLength(1);
  });
});

describe('mastery', () => {
  it('counts a word that becomes mastered, and uncounts one that is forgotten', async () => {
    at(BASE);
    const user = await learner();
    const [rising, falling] = await addWords(user, 2);
    // Known for a long time, one good answer away from 90 days' stability.
    await t.db
      .update(schema.words)
      .set({
        state: 2,
        stability: 60,
        difficulty: 3,
        repetitions: 6,
        totalReviews: 6,
        correctReviews: 6,
        successRate: 1,
        interval: 60,
        lastReview: new Date(BASE - 60 * DAY),
      })
      .where(eq(schema.words.id, rising!));
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
      })
      .where(eq(schema.words.id, falling!));
    await t.db
      .update(schema.profiles)
      .set({ masteredWords: 1 })
      .where(eq(schema.profiles.id, user.id));
    const session = await started(user);
    const results: AnswerResult[] = [];
    for (const item of session.items) {
      results.push(await answer(user, session, item.index, item.wordId === rising));
    }
    const mastered = results.flatMap((r) => r.masteredWords);
    expect(mastered).toEqual([{ id: rising, word: 'la casa' }]);
    const rows = await wordsOf(user);
    expect(rows.find((w) => w.id === rising)?.mastered).toBe(true);
    expect(rows.find((w) => w.id === falling)?.mastered).toBe(false);
    expect((await profileOf(user)).masteredWords).toBe(1);
    const shown = results.reduce(applyAnswer, session).words;
    expect(shown.find((w) => w.id === rising)?.mastered).toBe(true);
    expect(shown.find((w) => w.id === falling)?.mastered).toBe(false);
  });
});

describe('infinity', () => {
  it('practises up to 20 random words, logs "infinity", counts time and streak, and changes no schedule', async () => {
    at(BASE);
    const user = await learner();
    const zoneBefore = (await profileOf(user)).timeZone;
    const none = await start(user, { mode: 'infinity', timeZone: 'Asia/Tokyo' });
    expect(none.status).toBe(409);
    // A start that fails changes nothing, not even the learner's time zone.
    expect((await profileOf(user)).timeZone).toBe(zoneBefore);
    await addWords(user, 22, BASE + 5 * DAY);
    const before = await wordsOf(user);
    const session = await started(user, { mode: 'infinity' });
    expect(session.mode).toBe('infinity');
    expect(session.words).toHaveLength(20);
    expect(session.items).toHaveLength(80);
    // Every word is treated as learning: no word starts with a target-to-native flashcard pair.
    expect(session.items.filter((i) => i.type === 'spelling').length).toBeGreaterThanOrEqual(40);
    const done = await answerAll(user, session);
    expect(done.summary).toMatchObject({
      wordsPracticed: 20,
      accuracy: 100,
      currentStreak: 1,
    });
    expect(await wordsOf(user)).toEqual(before);
    // The session the answers' results add up to is the session as stored.
    const read = await t.request(`/api/practice/sessions/${session.id}`, { cookie: user.cookie });
    expect(await read.json()).toEqual(done.session);
    const log = await logOf(user);
    expect(log).toHaveLength(80);
    expect(log.every((l) => l.practiceType === 'infinity')).toBe(true);
    expect(await profileOf(user)).toMatchObject({ totalStudyTime: 3, currentStreak: 1 });
    // Infinity rounds never show up as the feed's session.
    expect((await feed(user)).kind).toBe('caught-up');
  });

  it('samples the 40 words that follow a random point in the sampling order, wrapping around', async () => {
    at(BASE);
    const user = await learner();
    const ids = await addWords(user, 50, BASE + 5 * DAY);
    const keys = await t.db
      .select({ key: schema.words.sampleKey })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    // A new word gets its place at random, once.
    expect(new Set(keys.map((k) => k.key)).size).toBe(50);
    expect(keys.every((k) => k.key >= 0 && k.key < 1)).toBe(true);
    const placeWords = (key: (i: number) => number) =>
      Promise.all(
        ids.map((id, i) =>
          t.db
            .update(schema.words)
            .set({ sampleKey: key(i) })
            .where(eq(schema.words.id, id)),
        ),
      );
    const practised = async () => {
      const session = await started(user, { mode: 'infinity' });
      expect(new Set(session.words.map((w) => w.id)).size).toBe(20);
      return session.words.map((w) => ids.indexOf(w.id));
    };
    // Every place after any point: the 40 first in order. Every place before it: the same 40,
    // reached by wrapping around.
    for (const offset of [1, -1]) {
      await placeWords((i) => offset + i / 1000);
      for (const i of await practised()) expect(i).toBeLessThan(40);
    }
    // Places spread over [0, 1): a round's words lie in 40 neighbours in the cyclic order, so
    // some 10 neighbours are left out, wherever the point fell.
    await placeWords((i) => i / 50);
    for (let round = 0; round < 3; round++) {
      const chosen = new Set(await practised());
      const leftOut = Array.from({ length: 50 }, (_, from) =>
        Array.from({ length: 10 }, (_, k) => (from + k) % 50).every((i) => !chosen.has(i)),
      );
      expect(leftOut.some(Boolean)).toBe(true);
    }
  });

  it('makes one round of a start sent twice at once, and lets rounds start side by side', async () => {
    at(BASE);
    const user = await learner();
    await addWords(user, 6);
    const id = randomUUID();
    const twice = await Promise.all([
      start(user, { mode: 'infinity', id }),
      start(user, { mode: 'infinity', id }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 201]);
    const bodies = (await Promise.all(twice.map((r) => r.json()))) as PracticeSession[];
    expect(bodies[0]).toEqual(bodies[1]);
    const others = await Promise.all([
      started(user, { mode: 'infinity' }),
      started(user, { mode: 'infinity' }),
    ]);
    const rows = await t.db
      .select({ id: schema.dailyPracticeSessions.id })
      .from(schema.dailyPracticeSessions)
      .where(eq(schema.dailyPracticeSessions.userId, user.id));
    expect(rows.map((r) => r.id).sort()).toEqual([id, ...others.map((o) => o.id)].sort());
  });

  it("writes a round without waiting for the database's log to reach the disk; a daily session waits", async () => {
    const user = await learner();
    const row = (mode: 'daily' | 'infinity'): SessionRow => ({
      id: randomUUID(),
      userId: user.id,
      wordIds: [],
      startedAt: new Date(nowMs),
      expiresAt: new Date(nowMs + DAY),
      completedAt: null,
      wordsPracticed: 0,
      correctCount: 0,
      totalTimeSeconds: 0,
      mode,
      words: [],
      items: [],
      streakAfter: null,
    });
    const setting = sql`select current_setting('synchronous_commit') as value`;
    const serverSetting = (
      (await t.db.execute(setting)) as unknown as { rows: { value: string }[] }
    ).rows[0]?.value;
    // The setting the commit will read, seen inside each session's own transaction.
    const commitSetting = (mode: 'daily' | 'infinity') =>
      t.db.transaction(async (tx) => {
        const written = await insertSession(tx).execute(
          insertSessionValues(row(mode), mode === 'daily'),
        );
        expect(written).toHaveLength(1);
        return ((await tx.execute(setting)) as unknown as { rows: { value: string }[] }).rows[0]
          ?.value;
      });
    expect(await commitSetting('infinity')).toBe('off');
    expect(await commitSetting('daily')).toBe(serverSetting);
    expect(serverSetting).toBe('on');
  });

  it('practises the words of one group', async () => {
    at(BASE);
    const user = await learner();
    const ids = await addWords(user, 5);
    const [group] = await t.db
      .insert(schema.groups)
      .values({ userId: user.id, name: 'Pets' })
      .returning();
    await t.db.insert(schema.groupWords).values([
      { groupId: group!.id, wordId: ids[1]! },
      { groupId: group!.id, wordId: ids[2]! },
    ]);
    const session = await started(user, { mode: 'infinity', groupId: group!.id });
    expect(session.words.map((w) => w.id).sort()).toEqual([ids[1], ids[2]].sort());
    const stranger = await learner();
    expect((await start(stranger, { mode: 'infinity', groupId: group!.id })).status).toBe(404);
    expect(
      (await t.db.select().from(schema.groupWords).where(eq(schema.groupWords.groupId, group!.id)))
        .length,
    ).toBe(2);
  });
});
