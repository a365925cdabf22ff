import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  computeRetentionPolicy,
  DEFAULT_POLICY_HORIZON_DAYS,
  DEFAULT_POLICY_LAMBDA,
  DEFAULT_WEIGHTS,
  defaultRetentionPolicy,
  memoryStateFromHistory,
  newCard,
  parseRetentionPolicy,
  scheduleReview,
  type RetentionPolicyTable,
  type SchedulerParams,
  serializeRetentionPolicy,
  type SrsCard,
} from '@verba/srs';
import { and, eq, ne, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeItem, PracticeSession } from '@verba/shared';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { cardToRow } from './card-mapper.ts';
import { refitLearner, refitLock, REFIT_POLICY, sessionReviews } from './refit.ts';
import { scheduleWord } from './schedule.ts';

const DAY = 86_400_000;
const NOW = new Date(Math.ceil(Date.now() / DAY) * DAY + 12 * 3_600_000);

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ clock: () => NOW, env: { AUTH_RATE_LIMIT_SIGN_UP: '100' } });
});
afterAll(() => t.close());

/**
 * Gives a learner `count` words and a year of practice from a learner who forgets much faster
 * than FSRS-6's defaults assume (`slower`: how many times), written as the practice flow writes it:
 * one answer per word and session, each word's row as the scheduler left it.
 */
async function practisedLearner(count: number, seed: number, slower = 4): Promise<TestUser> {
  const user = await t.signUp();
  let s = seed >>> 0;
  const random = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const start = NOW.getTime() - 200 * DAY;
  const logRows: (typeof schema.reviewLog.$inferInsert)[] = [];
  const wordRows: (typeof schema.words.$inferInsert)[] = [];
  for (let w = 0; w < count; w++) {
    const id = randomUUID();
    let card: SrsCard = newCard(new Date(start + (w % 30) * DAY));
    let trueStability = 0;
    let last = 0;
    for (;;) {
      const now = card.next_review_date;
      const day = Math.round((now.getTime() - start) / DAY);
      if (now.getTime() >= NOW.getTime()) break;
      const p = card.total_reviews === 0 ? 0.7 : recall(day - last, trueStability);
      const correct = random() < p;
      const result = scheduleReview({ card, correct, now });
      logRows.push({
        userId: user.id,
        wordId: id,
        clientId: randomUUID(),
        practiceType: 'flashcard',
        outcome: correct ? 'correct' : 'incorrect',
        responseTime: 2,
        confidenceRating: correct ? 3 : 1,
        rating: result.log.rating,
        state: result.log.state,
        elapsedDays: result.log.elapsed_days,
        scheduledDays: result.log.scheduled_days,
        durationMs: 2000,
        reviewedAt: now,
      });
      card = result.card;
      trueStability = card.stability / slower;
      last = day;
    }
    wordRows.push({
      id,
      userId: user.id,
      word: `palabra ${w}`,
      translation: `word ${w}`,
      ...cardToRow(card),
    });
  }
  for (let i = 0; i < wordRows.length; i += 200) {
    await t.db.insert(schema.words).values(wordRows.slice(i, i + 200));
  }
  for (let i = 0; i < logRows.length; i += 500) {
    await t.db.insert(schema.reviewLog).values(logRows.slice(i, i + 500));
  }
  return user;
}

/** FSRS-6's forgetting curve under the default weights. */
function recall(elapsedDays: number, stability: number): number {
  const decay = -DEFAULT_WEIGHTS[20]!;
  const factor = 0.9 ** (1 / decay) - 1;
  return (1 + (factor * elapsedDays) / stability) ** decay;
}

const deps = () => ({ db: t.db, lock: refitLock(t.database.handle), logger: t.services.logger });

describe('refitting a learner’s scheduler parameters', () => {
  it('does nothing without enough answers', async () => {
    const user = await t.signUp();
    expect(await refitLearner(deps(), user.id, NOW)).toEqual({
      outcome: 'not-due',
      masteredDelta: 0,
    });
    expect(
      await t.db
        .select()
        .from(schema.learnerParameters)
        .where(eq(schema.learnerParameters.userId, user.id)),
    ).toEqual([]);
  });

  it('adopts better weights, recomputes the words’ memory states, and waits a day and new answers before the next fit', async () => {
    const user = await practisedLearner(300, 7);
    const before = await t.db.select().from(schema.words).where(eq(schema.words.userId, user.id));
    // Through the server's own queue, as a completed session asks for it.
    t.services.jobs.refit.request(user.id);
    await t.services.jobs.refit.idle();
    const [stored] = await t.db
      .select()
      .from(schema.learnerParameters)
      .where(eq(schema.learnerParameters.userId, user.id));
    expect(stored?.weights).toHaveLength(21);
    expect(stored?.weights).not.toEqual([...DEFAULT_WEIGHTS]);
    expect(stored?.fittedAt).toEqual(NOW);

    const after = await t.db.select().from(schema.words).where(eq(schema.words.userId, user.id));
    const log = await t.db
      .select()
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.userId, user.id));
    const reviews = sessionReviews(log);
    for (const word of after.slice(0, 20)) {
      const expected = memoryStateFromHistory(
        reviews.filter((r) => r.word_id === word.id),
        { weights: stored!.weights! },
      );
      expect(word.stability).toBeCloseTo(expected!.stability, 6);
      expect(word.difficulty).toBeCloseTo(expected!.difficulty, 6);
      // Due dates stay.
      expect(word.nextReviewDate).toEqual(before.find((b) => b.id === word.id)!.nextReviewDate);
    }
    expect(after.some((w) => w.stability !== before.find((b) => b.id === w.id)!.stability)).toBe(
      true,
    );

    // Within the day: not again.
    expect((await refitLearner(deps(), user.id, new Date(NOW.getTime() + DAY / 2))).outcome).toBe(
      'not-due',
    );
    // A day later but no new answers: not again either.
    expect((await refitLearner(deps(), user.id, new Date(NOW.getTime() + 2 * DAY))).outcome).toBe(
      'not-due',
    );
  });

  it('keeps the current weights when the new ones do not predict clearly better', async () => {
    // A learner as FSRS-6's defaults assume: new weights predict a little better, not clearly.
    const user = await practisedLearner(300, 7, 1);
    const anyGain = { ...REFIT_POLICY, minLogLossImprovement: 0 };
    let withoutMargin: string | undefined;
    await t.db
      .transaction(async (tx) => {
        withoutMargin = (await refitLearner({ ...deps(), db: tx }, user.id, NOW, anyGain)).outcome;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(withoutMargin).toBe('adopted');
    expect((await refitLearner(deps(), user.id, NOW)).outcome).toBe('kept-current');
    const [stored] = await t.db
      .select()
      .from(schema.learnerParameters)
      .where(eq(schema.learnerParameters.userId, user.id));
    expect(stored).toMatchObject({ weights: null, retentionPolicy: null, fittedAt: NOW });
  });

  it('is asked for by a completed daily session, after the answer was sent', async () => {
    const user = await practisedLearner(150, 11);
    await t.db
      .update(schema.words)
      .set({ nextReviewDate: NOW })
      .where(eq(schema.words.userId, user.id));
    await answerDailySession(user);
    await t.services.jobs.refit.idle();
    const [stored] = await t.db
      .select()
      .from(schema.learnerParameters)
      .where(eq(schema.learnerParameters.userId, user.id));
    expect(stored?.fittedAt).toEqual(NOW);
    expect(stored?.reviewsAtFit).toBeGreaterThan(REFIT_POLICY.minNewReviews);
  });
});

/** The right answer to an item, as the learner would give it. */
function rightAnswer(session: PracticeSession, item: PracticeItem) {
  const word = session.words.find((w) => w.id === item.wordId)!;
  if (item.type === 'flashcard') return { type: 'flashcard', knew: true };
  if (item.type === 'multiple-choice') {
    return { type: 'multiple-choice', optionIndex: item.options!.indexOf(word.translation) };
  }
  return { type: 'spelling', text: word.word };
}

/** Starts a daily session through the API and answers every item right, as a learner would. */
async function answerDailySession(user: TestUser): Promise<PracticeSession> {
  const started = await t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
  });
  expect(started.status).toBe(201);
  const session = (await started.json()) as PracticeSession;
  for (const item of session.items) {
    const response = await t.request(`/api/practice/sessions/${session.id}/answers`, {
      method: 'POST',
      cookie: user.cookie,
      json: {
        id: randomUUID(),
        itemIndex: item.index,
        answer: rightAnswer(session, item),
        responseTimeMs: 3_000,
      },
    });
    expect(response.status).toBe(200);
  }
  return session;
}

type WordRow = typeof schema.words.$inferSelect;

/** A word's interval after a daily session in which every item of it was right. */
function intervalAfterRightAnswers(
  row: WordRow,
  params: SchedulerParams,
  policy: RetentionPolicyTable,
) {
  const drills = [{ kind: 'recall', correct: true }] as const;
  return scheduleWord({ row, drills: [...drills], now: NOW, params, policy, random: null })
    .interval;
}

/** Makes only this word due, then answers a daily session right; returns the word afterwards. */
async function practiseOnly(user: TestUser, word: WordRow): Promise<WordRow> {
  const later = new Date(NOW.getTime() + 30 * DAY);
  await t.db
    .update(schema.words)
    .set({ nextReviewDate: later })
    .where(and(eq(schema.words.userId, user.id), ne(schema.words.id, word.id)));
  await t.db.update(schema.words).set({ nextReviewDate: NOW }).where(eq(schema.words.id, word.id));
  const session = await answerDailySession(user);
  expect(session.words.map((w) => w.id)).toEqual([word.id]);
  await t.services.jobs.refit.idle();
  const [after] = await t.db.select().from(schema.words).where(eq(schema.words.id, word.id));
  return after!;
}

describe('the learner’s retention table', () => {
  it('is stored with adopted weights, and the next interval follows it rather than the default', async () => {
    const user = await practisedLearner(300, 7);
    expect((await refitLearner(deps(), user.id, NOW)).outcome).toBe('adopted');
    const [stored] = await t.db
      .select()
      .from(schema.learnerParameters)
      .where(eq(schema.learnerParameters.userId, user.id));
    const table = parseRetentionPolicy(stored!.retentionPolicy!);
    expect(table.weights).toEqual(stored!.weights);

    // A word whose next interval differs between the learner's table and the default one.
    const params = { weights: stored!.weights!, desiredRetention: stored!.desiredRetention };
    const rows = await t.db.select().from(schema.words).where(eq(schema.words.userId, user.id));
    const word = rows.find(
      (w) =>
        intervalAfterRightAnswers(w, params, table) !==
        intervalAfterRightAnswers(w, params, defaultRetentionPolicy()),
    )!;
    expect(word).toBeDefined();
    const after = await practiseOnly(user, word);
    expect(after.interval).toBe(intervalAfterRightAnswers(word, params, table));
  });

  it('is recomputed for the kept weights when it was computed for an earlier λ or horizon', async () => {
    const user = await practisedLearner(300, 7, 1);
    const weights = [...DEFAULT_WEIGHTS];
    const earlier = computeRetentionPolicy({ lambda: 0.05, horizonDays: 365, weights });
    await t.db
      .insert(schema.learnerParameters)
      .values({ userId: user.id, weights, retentionPolicy: serializeRetentionPolicy(earlier) });
    expect((await refitLearner(deps(), user.id, NOW)).outcome).toBe('kept-current');
    const [stored] = await t.db
      .select()
      .from(schema.learnerParameters)
      .where(eq(schema.learnerParameters.userId, user.id));
    expect(stored!.weights).toEqual(weights);
    const table = parseRetentionPolicy(stored!.retentionPolicy!);
    expect(table).toMatchObject({
      lambda: DEFAULT_POLICY_LAMBDA,
      horizonDays: DEFAULT_POLICY_HORIZON_DAYS,
      weights,
    });
  });

  it('falls back to the default table when the stored one is corrupt', async () => {
    const user = await practisedLearner(60, 13);
    const weights = DEFAULT_WEIGHTS.map((w, i) => (i === 8 ? w * 0.5 : w));
    await t.db
      .insert(schema.learnerParameters)
      .values({ userId: user.id, weights, retentionPolicy: '{"version":1,"retention":[0.' });
    const params = { weights, desiredRetention: 0.9 };
    const [word] = await t.db.select().from(schema.words).where(eq(schema.words.userId, user.id));
    const after = await practiseOnly(user, word!);
    expect(after.interval).toBe(intervalAfterRightAnswers(word!, params, defaultRetentionPolicy()));
  });
});
