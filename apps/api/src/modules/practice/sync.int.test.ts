import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  buildItems,
  MAX_JSON_BODY_BYTES,
  PRACTICE_ERROR_TEXT,
  SYNC_ERROR_TEXT,
  SYNC_LIMITS,
  type PracticeSession,
  type StoredPracticeItem,
  type SyncEntry,
  type SyncResponse,
} from '@verba/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
// Tomorrow 12:00 UTC: later than every row the database stamps with its own now().
const BASE = Math.ceil(Date.now() / DAY) * DAY + 12 * HOUR;
let nowMs = BASE;

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({
    clock: () => new Date(nowMs),
    env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(() => t.close());

/** A fixed sequence, so every shuffle is reproducible. */
function seeded(seed = 1): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

const SPANISH = [
  ['la casa', 'house'],
  ['el perro', 'dog'],
  ['el gato', 'cat'],
  ['la mesa', 'table'],
  ['el libro', 'book'],
] as const;

async function learner(wordCount: number): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  for (const [word, translation] of SPANISH.slice(0, wordCount)) {
    const response = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), word, translation },
    });
    expect(response.status).toBe(201);
  }
  return user;
}

const wordsOf = (user: TestUser) =>
  t.db
    .select()
    .from(schema.words)
    .where(eq(schema.words.userId, user.id))
    .orderBy(schema.words.word);

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a device queues for a session it builds itself with the shared rules: the start, an
 * answer to every item a minute apart (right unless `wrong` says so), and the completion.
 */
async function offlineSession(
  user: TestUser,
  startMs: number,
  {
    mode = 'daily',
    timeZone = 'UTC',
    wrong = () => false,
    only,
  }: {
    mode?: 'daily' | 'infinity';
    timeZone?: string;
    wrong?: (item: StoredPracticeItem) => boolean;
    only?: string[];
  } = {},
) {
  const words = (await wordsOf(user)).filter((w) => !only || only.includes(w.id));
  const sessionId = randomUUID();
  const items = buildItems(words, {
    mode,
    translations: words.map((w) => w.translation),
    random: seeded(3),
  });
  const entries: SyncEntry[] = [
    {
      kind: 'start',
      id: sessionId,
      at: iso(startMs),
      timeZone,
      mode,
      wordIds: words.map((w) => w.id),
      items: items.map(({ wordId, type, direction, options, correctOption }) => ({
        wordId,
        type,
        direction,
        options,
        correctOption,
      })),
    },
  ];
  items.forEach((item, i) => {
    const word = words.find((w) => w.id === item.wordId)!;
    const right = !wrong(item);
    entries.push({
      kind: 'answer',
      id: randomUUID(),
      at: iso(startMs + (i + 1) * MINUTE),
      timeZone,
      sessionId,
      itemIndex: item.index,
      responseTimeMs: 5_000,
      answer:
        item.type === 'flashcard'
          ? { type: 'flashcard', knew: right }
          : item.type === 'multiple-choice'
            ? {
                type: 'multiple-choice',
                optionIndex: right ? item.correctOption! : (item.correctOption! + 1) % 4,
              }
            : { type: 'spelling', text: right ? word.word : 'nope' },
    });
  });
  entries.push({
    kind: 'complete',
    id: randomUUID(),
    at: iso(startMs + (items.length + 1) * MINUTE),
    timeZone,
    sessionId,
  });
  return { sessionId, entries, items, words };
}

async function sync(user: TestUser, entries: unknown[]) {
  const response = await t.request('/api/practice/sync', {
    method: 'POST',
    cookie: user.cookie,
    json: { entries },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SyncResponse;
}

async function profile(user: TestUser) {
  const [row] = await t.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id));
  return row!;
}

/** Everything an applied entry may change, to compare before and after. */
async function footprint(user: TestUser) {
  const [reviews] = await t.db
    .select({ n: count() })
    .from(schema.reviewLog)
    .where(eq(schema.reviewLog.userId, user.id));
  const sessionRows = await t.db
    .select()
    .from(schema.dailyPracticeSessions)
    .where(eq(schema.dailyPracticeSessions.userId, user.id));
  const p = await profile(user);
  return {
    reviews: reviews!.n,
    sessions: sessionRows.map((s) => [s.id, s.completedAt?.toISOString() ?? null]).sort(),
    profile: [p.currentStreak, p.totalStudyTime, p.masteredWords, p.lastStudyDate],
    words: (await wordsOf(user)).map((w) => [w.id, w.nextReviewDate.toISOString(), w.totalReviews]),
  };
}

describe('POST /api/practice/sync', () => {
  it('applies a session made offline at its own times, and a batch sent again changes nothing', async () => {
    nowMs = BASE;
    const user = await learner(3);
    const startMs = BASE - 3 * HOUR;
    const { entries, items, sessionId } = await offlineSession(user, startMs);
    const first = await sync(user, entries);
    expect(first.results.map((r) => r.status)).toEqual(entries.map(() => 'applied'));
    expect(first.results.map((r) => r.id)).toEqual(entries.map((e) => e.id));
    expect(first.dropped).toBe(0);
    const last = first.results.at(-1)!;
    expect(last.summary).toMatchObject({ wordsPracticed: 3, correctCount: items.length });

    const [session] = await t.db
      .select()
      .from(schema.dailyPracticeSessions)
      .where(eq(schema.dailyPracticeSessions.id, sessionId));
    expect(session!.startedAt.toISOString()).toBe(iso(startMs));
    expect(session!.completedAt!.toISOString()).toBe(iso(startMs + items.length * MINUTE));
    // The words were reviewed when the device answered them, not when the batch arrived.
    for (const word of await wordsOf(user)) {
      expect(word.lastReview!.getTime()).toBeLessThan(BASE - 2 * HOUR);
      expect(word.totalReviews).toBe(1);
    }
    const after = await footprint(user);
    expect(after.reviews).toBe(items.length);
    expect(after.profile.slice(0, 2)).toEqual([1, 1]);

    nowMs = BASE + 10 * MINUTE;
    const again = await sync(user, entries);
    expect(again.results.map((r) => r.status)).toEqual(entries.map(() => 'duplicate'));
    expect(again.results.at(-1)!.summary).toEqual(last.summary);
    expect(await footprint(user)).toEqual(after);
  });

  it('counts the same queue sent by two tabs at once once', async () => {
    nowMs = BASE;
    const user = await learner(2);
    const { entries, items } = await offlineSession(user, BASE - HOUR);
    const [a, b] = await Promise.all([sync(user, entries), sync(user, entries)]);
    for (let i = 0; i < entries.length; i++) {
      expect([a.results[i]!.status, b.results[i]!.status].sort()).toEqual(['applied', 'duplicate']);
    }
    const after = await footprint(user);
    expect(after.reviews).toBe(items.length);
    expect(after.profile.slice(0, 2)).toEqual([1, 1]);
  });

  it('refuses a malformed, foreign, future or too old entry with its reason and applies the rest', async () => {
    nowMs = BASE;
    const user = await learner(2);
    const other = await learner(1);
    const theirs = await offlineSession(other, BASE - HOUR);
    expect((await sync(other, [theirs.entries[0]!])).results[0]!.status).toBe('applied');
    const mine = await offlineSession(user, BASE - HOUR);
    const answer = mine.entries[1] as Extract<SyncEntry, { kind: 'answer' }>;
    const bad: unknown[] = [
      { kind: 'answer', id: randomUUID(), at: 'yesterday' },
      { ...answer, id: randomUUID(), sessionId: theirs.sessionId, itemIndex: 0 },
      { ...answer, id: randomUUID(), at: iso(BASE + HOUR) },
      { ...answer, id: randomUUID(), at: iso(BASE - 31 * DAY) },
      { ...answer, id: randomUUID(), answer: { type: 'spelling', text: 'el\u0000perro' } },
      { ...mine.entries[0]!, id: randomUUID(), wordIds: [theirs.words[0]!.id] },
    ];
    const response = await sync(user, [...bad, ...mine.entries]);
    const refused = response.results.slice(0, bad.length);
    expect(refused.map((r) => r.status)).toEqual(bad.map(() => 'refused'));
    expect(refused[0]!.reason).toMatch(/^at: /);
    expect(refused.slice(1, 4).map((r) => r.reason)).toEqual([
      PRACTICE_ERROR_TEXT.sessionNotFound,
      SYNC_ERROR_TEXT.future,
      SYNC_ERROR_TEXT.tooOld,
    ]);
    expect(refused[4]!.reason).toMatch(/^answer\.text: /);
    expect(refused[5]!.reason).toBe(SYNC_ERROR_TEXT.foreignWord);
    expect(response.results.slice(bad.length).map((r) => r.status)).toEqual(
      mine.entries.map(() => 'applied'),
    );
    // The other learner's session is as it was.
    const [them] = await t.db
      .select()
      .from(schema.dailyPracticeSessions)
      .where(eq(schema.dailyPracticeSessions.id, theirs.sessionId));
    expect(them!.items.every((i) => i.answer === null)).toBe(true);
  });

  it('refuses a session whose items do not follow the practice rules', async () => {
    nowMs = BASE;
    const user = await learner(2);
    const { entries } = await offlineSession(user, BASE - HOUR);
    const start = entries[0] as Extract<SyncEntry, { kind: 'start' }>;
    const tooFew = { ...start, items: start.items.slice(1) };
    const wrongQuiz = {
      ...start,
      id: randomUUID(),
      items: start.items.map((i) => ({ ...i, type: 'flashcard', direction: null })),
    };
    const response = await sync(user, [tooFew, wrongQuiz]);
    expect(response.results.map((r) => r.reason)).toEqual([
      SYNC_ERROR_TEXT.itemPlan,
      SYNC_ERROR_TEXT.itemPlan,
    ]);
  });

  it('counts the streak on the local day of the answers', async () => {
    nowMs = BASE;
    const user = await learner(1);
    const zone = 'Pacific/Kiritimati'; // UTC+14 all year
    // 10:30 UTC is 00:30 there: the answers are a day later there than in UTC.
    const startMs = BASE - 90 * MINUTE;
    const { entries } = await offlineSession(user, startMs, { timeZone: zone });
    await sync(user, entries);
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
      new Date(startMs + 3 * MINUTE),
    );
    expect(localDay).not.toBe(iso(startMs).slice(0, 10));
    expect((await profile(user)).lastStudyDate).toBe(localDay);
  });

  it('drops and counts answers to a word deleted meanwhile, and never brings the word back', async () => {
    nowMs = BASE;
    const user = await learner(2);
    const { entries, words } = await offlineSession(user, BASE - HOUR);
    const gone = words[0]!;
    const deleted = await t.request(`/api/words/${gone.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    });
    expect(deleted.status).toBe(200);
    const response = await sync(user, entries);
    const toGone = entries.flatMap((e, i) =>
      e.kind === 'answer' &&
      (e as { itemIndex: number }).itemIndex >= 0 &&
      (entries[0] as Extract<SyncEntry, { kind: 'start' }>).items[e.itemIndex]!.wordId === gone.id
        ? [i]
        : [],
    );
    expect(toGone.length).toBeGreaterThan(0);
    expect(response.dropped).toBe(toGone.length);
    for (const i of toGone) expect(response.results[i]!.status).toBe('dropped');
    const [left] = await t.db
      .select({ n: count() })
      .from(schema.words)
      .where(and(eq(schema.words.userId, user.id), eq(schema.words.id, gone.id)));
    expect(left!.n).toBe(0);
    expect(response.results.at(-1)!.status).toBe('applied');
  });

  it('schedules a word answered on two devices as the replay of both in time order, whatever arrives first', async () => {
    nowMs = BASE;
    const schedules = async (user: TestUser) =>
      (await wordsOf(user)).map((w) => ({
        word: w.word,
        interval: w.interval,
        nextReviewDate: w.nextReviewDate.toISOString(),
        stability: w.stability,
        difficulty: w.difficulty,
        state: w.state,
        repetitions: w.repetitions,
        totalReviews: w.totalReviews,
        lapses: w.lapses,
        lastReview: w.lastReview?.toISOString() ?? null,
      }));
    // Each learner practises the same words on two devices, both offline: the first device in
    // the morning with a wrong answer, the second in the afternoon.
    const devices = async (user: TestUser) => [
      await offlineSession(user, BASE - 20 * HOUR, { wrong: (i) => i.type === 'spelling' }),
      await offlineSession(user, BASE - 4 * HOUR),
    ];
    const late = await learner(2);
    const [morning, afternoon] = await devices(late);
    // The afternoon's device is back first.
    await sync(late, afternoon!.entries);
    const statuses = (await sync(late, morning!.entries)).results.map((r) => r.status);
    expect(statuses).toEqual(morning!.entries.map(() => 'applied'));

    const ordered = await learner(2);
    const [first, second] = await devices(ordered);
    await sync(ordered, [...first!.entries, ...second!.entries]);

    expect(await schedules(late)).toEqual(await schedules(ordered));
    const words = await schedules(late);
    expect(words.map((w) => [w.totalReviews, w.lastReview])).toEqual(
      words.map(() => [2, expect.stringMatching(/T/)]),
    );
    // Both devices' answers are in the review log.
    const reviews = (await footprint(late)).reviews;
    expect(reviews).toBe(morning!.items.length + afternoon!.items.length);
  });

  it('counts a day practised in a session offline and another online once: one streak day, each word rescheduled by both', async () => {
    nowMs = BASE - 2 * HOUR;
    const user = await learner(2);
    // The phone, offline in the morning, practises today's words; it has not synced yet.
    const phone = await offlineSession(user, BASE - 3 * HOUR);
    // The laptop, online an hour later, is offered the same due words and practises them.
    const started = await t.request('/api/practice/sessions', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
    });
    expect(started.status).toBe(201);
    const online = (await started.json()) as PracticeSession;
    expect(online.words.map((w) => w.id).sort()).toEqual(phone.words.map((w) => w.id).sort());
    for (const item of online.items) {
      nowMs += MINUTE;
      const word = online.words.find((w) => w.id === item.wordId)!;
      const answered = await t.request(`/api/practice/sessions/${online.id}/answers`, {
        method: 'POST',
        cookie: user.cookie,
        json: {
          id: randomUUID(),
          itemIndex: item.index,
          responseTimeMs: 5_000,
          answer:
            item.type === 'flashcard'
              ? { type: 'flashcard', knew: true }
              : item.type === 'multiple-choice'
                ? { type: 'multiple-choice', optionIndex: item.options!.indexOf(word.translation) }
                : { type: 'spelling', text: word.word },
        },
      });
      expect(answered.status).toBe(200);
    }
    const afterOnline = await profile(user);
    expect([afterOnline.currentStreak, afterOnline.lastStudyDate]).toEqual([
      1,
      iso(BASE).slice(0, 10),
    ]);

    // The phone comes back: its session is applied at its own, earlier, times.
    nowMs = BASE;
    const response = await sync(user, phone.entries);
    expect(response.results.map((r) => r.status)).toEqual(phone.entries.map(() => 'applied'));
    const after = await profile(user);
    // The day is one streak day; the phone's session adds its study time.
    expect([after.currentStreak, after.lastStudyDate]).toEqual([1, afterOnline.lastStudyDate]);
    expect(after.totalStudyTime).toBeGreaterThan(afterOnline.totalStudyTime);
    // Each word was completed once in each session: two reviews, the last one the laptop's.
    const words = await wordsOf(user);
    expect(words.map((w) => w.totalReviews)).toEqual([2, 2]);
    for (const word of words) expect(word.lastReview!.getTime()).toBeGreaterThan(BASE - 2 * HOUR);
    // And the feed does not offer them again as due today.
    const feed = await t.request('/api/practice/feed', { cookie: user.cookie });
    const state = (await feed.json()) as { kind: string };
    expect(['caught-up', 'quick-review']).toContain(state.kind);
  });

  it('refuses one bad answer in the middle of a batch, applies the rest, and checks it again when sent again', async () => {
    nowMs = BASE;
    const user = await learner(3);
    const { entries, items } = await offlineSession(user, BASE - 2 * HOUR);
    const middle = Math.floor(entries.length / 2);
    const good = entries[middle] as Extract<SyncEntry, { kind: 'answer' }>;
    // The same answer with an answer of another item type: refused, and its item stays open.
    const bad = {
      ...good,
      id: randomUUID(),
      answer:
        good.answer.type === 'flashcard'
          ? { type: 'spelling', text: 'x' }
          : { type: 'flashcard', knew: true },
    } satisfies SyncEntry;
    const batch = [...entries.slice(0, middle), bad, ...entries.slice(middle)];
    const first = await sync(user, batch);
    expect(first.results.map((r) => r.status)).toEqual(
      batch.map((e) => (e === bad ? 'refused' : 'applied')),
    );
    expect(first.results[middle]!.reason).toBe(PRACTICE_ERROR_TEXT.wrongAnswerType);
    const after = await footprint(user);
    expect(after.reviews).toBe(items.length);
    expect(after.profile.slice(0, 2)).toEqual([1, 1]);

    // Its id was not kept: sent again it is checked again (and refused again), not a duplicate.
    const again = await sync(user, [bad, ...entries]);
    expect(again.results[0]).toMatchObject({ status: 'refused' });
    expect(again.results.slice(1).map((r) => r.status)).toEqual(entries.map(() => 'duplicate'));
    expect(again.results.at(-1)!.summary).toEqual(first.results.at(-1)!.summary);
    expect(await footprint(user)).toEqual(after);
  });

  it('counts overlapping queues of several sessions sent by three tabs at once once', async () => {
    nowMs = BASE;
    const sessionsOf = async (user: TestUser) => {
      const words = await wordsOf(user);
      return [
        await offlineSession(user, BASE - 6 * HOUR, { only: [words[0]!.id, words[1]!.id] }),
        await offlineSession(user, BASE - 4 * HOUR, { only: [words[2]!.id, words[3]!.id] }),
        await offlineSession(user, BASE - 2 * HOUR, { wrong: (i) => i.type === 'spelling' }),
      ];
    };
    const racing = await learner(4);
    const queue = (await sessionsOf(racing)).flatMap((s) => s.entries);
    const third = Math.floor(queue.length / 3);
    // One tab sends it all, two others overlapping parts of it, in another order.
    const sent = await Promise.all([
      sync(racing, queue),
      sync(racing, queue.slice(third).reverse()),
      sync(racing, queue.slice(0, 2 * third)),
    ]);
    const statuses = new Map<string, string[]>();
    for (const response of sent) {
      for (const r of response.results)
        statuses.set(r.id!, [...(statuses.get(r.id!) ?? []), r.status]);
    }
    for (const entry of queue) {
      expect(statuses.get(entry.id)!.filter((s) => s === 'applied')).toHaveLength(1);
    }

    const alone = await learner(4);
    await sync(
      alone,
      (await sessionsOf(alone)).flatMap((s) => s.entries),
    );
    const [a, b] = [await footprint(racing), await footprint(alone)];
    expect(a.reviews).toBe(b.reviews);
    expect(a.profile).toEqual(b.profile);
    expect(a.words.map((w) => w[2])).toEqual(b.words.map((w) => w[2]));
  });

  it('replays a word whose later review is stored while this batch holds an earlier and a later session of it', async () => {
    nowMs = BASE;
    const schedules = async (user: TestUser) =>
      (await wordsOf(user)).map((w) => [
        w.word,
        w.interval,
        w.nextReviewDate.toISOString(),
        w.stability,
        w.difficulty,
        w.state,
        w.totalReviews,
        w.lastReview?.toISOString(),
      ]);
    const days = async (user: TestUser) => [
      await offlineSession(user, BASE - 26 * HOUR, { wrong: (i) => i.type === 'spelling' }),
      await offlineSession(user, BASE - 20 * HOUR),
      await offlineSession(user, BASE - 3 * HOUR),
    ];
    // The middle session's device syncs first; the other device holds the first and the last.
    const split = await learner(2);
    const [morning, afternoon, evening] = await days(split);
    await sync(split, afternoon!.entries);
    const later = await sync(split, [...evening!.entries, ...morning!.entries]);
    expect(later.results.map((r) => r.status)).toEqual(
      [...evening!.entries, ...morning!.entries].map(() => 'applied'),
    );

    const ordered = await learner(2);
    await sync(
      ordered,
      (await days(ordered)).flatMap((s) => s.entries),
    );
    expect(await schedules(split)).toEqual(await schedules(ordered));
    expect((await schedules(split)).map((w) => w[6])).toEqual([3, 3]);
  });

  it('takes a batch larger than other requests may be, up to its own cap', async () => {
    nowMs = BASE;
    const user = await learner(5);
    const { entries } = await offlineSession(user, BASE - HOUR);
    // Twenty times the same entries: over 64 KB, each applied once.
    const batch = Array.from({ length: 20 }, () => entries).flat();
    const body = JSON.stringify({ entries: batch });
    expect(body.length).toBeGreaterThan(MAX_JSON_BODY_BYTES);
    const response = await sync(user, batch);
    expect(response.results.filter((r) => r.status === 'applied')).toHaveLength(entries.length);
    const tooBig = await t.request('/api/practice/sync', {
      method: 'POST',
      cookie: user.cookie,
      json: { entries: [{ kind: 'complete', pad: 'x'.repeat(SYNC_LIMITS.maxBodyBytes) }] },
    });
    expect(tooBig.status).toBe(413);
  });
});
