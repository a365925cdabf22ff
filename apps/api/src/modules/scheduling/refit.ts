import { schema, type Database, type DatabaseHandle, type Transaction } from '@verba/db';
import {
  fitLearnerParameters,
  isMastered,
  memoryStateFromHistory,
  type FitResult,
  type FitReview,
  type SchedulerParams,
} from '@verba/srs';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Events } from '../../lib/events.ts';
import type { Logger } from '../../lib/logger.ts';
import { computeLearnerPolicyText, isStalePolicy } from './learner-policy.ts';

const DAY_MS = 86_400_000;
const log = schema.reviewLog;
const params = schema.learnerParameters;
const words = schema.words;

/** When a learner's parameters are refitted (docs/decisions/001). */
export const REFIT_POLICY = {
  /** At most once a day per learner. */
  minIntervalMs: DAY_MS,
  /** Only after this many answers since the last fit (the optimizer also judges the data). */
  minNewReviews: 200,
  /** The most recent answers read for a fit: bounds the job's memory and time. */
  maxReviews: 50_000,
  /**
   * How much lower the new weights' held-out log loss must be before they are adopted. Fitted on
   * right/wrong answers, new weights look better for everyone (every drill right is rarer than
   * recall); in the benchmark only this margin kept them off learners whom FSRS-6's defaults fit
   * and still adopted them where the defaults are far off (docs/scheduling-benchmark.md).
   */
  minLogLossImprovement: 0.05,
};
export type RefitPolicy = typeof REFIT_POLICY;

export type RefitOutcome = 'not-due' | 'locked' | FitResult['status'];

interface LoggedAnswer {
  wordId: string;
  sessionId: string | null;
  rating: number;
  elapsedDays: number;
  reviewedAt: Date;
}

/**
 * The answers as the scheduler saw them: one review per word and session (all its items right →
 * Good, else Again), oldest first. Answers of a session that was cleaned up count per word and day.
 */
export function sessionReviews(answers: readonly LoggedAnswer[]): FitReview[] {
  const byKey = new Map<string, FitReview>();
  for (const a of answers) {
    const key = `${a.wordId}|${a.sessionId ?? a.reviewedAt.toISOString().slice(0, 10)}`;
    const seen = byKey.get(key);
    const rating = a.rating >= 3 ? 3 : 1;
    if (!seen) {
      byKey.set(key, {
        word_id: a.wordId,
        rating,
        reviewed_at: a.reviewedAt,
        elapsed_days: a.elapsedDays,
      });
    } else {
      if (rating === 1) seen.rating = 1;
      if (a.reviewedAt > seen.reviewed_at) seen.reviewed_at = a.reviewedAt;
    }
  }
  return [...byKey.values()].sort((a, b) => a.reviewed_at.getTime() - b.reviewed_at.getTime());
}

/**
 * Takes the learner's refit lock; answers how to give it back, or null when another process holds
 * it.
 */
export type RefitLock = (key: string) => Promise<(() => Promise<void>) | null>;

/**
 * One refit per learner at a time across processes: on PostgreSQL a session advisory lock, held on
 * a connection of its own through the reads, the fit and the writes. The embedded database has one
 * process, whose queue runs one refit at a time.
 */
export function refitLock(handle: DatabaseHandle): RefitLock {
  if (handle.kind !== 'postgres') return () => Promise.resolve(() => Promise.resolve());
  return async (key) => {
    const client = await handle.client.connect();
    let held = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as locked',
        [key],
      );
      held = rows[0]?.locked === true;
    } finally {
      if (!held) client.release();
    }
    if (!held) return null;
    return async () => {
      try {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      } finally {
        client.release();
      }
    };
  };
}

export interface RefitDeps {
  db: Database;
  lock: RefitLock;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Refits one learner's FSRS parameters from their review log when it is due (a day since the
 * last fit and enough new answers), adopting new weights only when they predict the learner's
 * recent answers clearly better; an adoption stores the learner's retention table for the new
 * weights, and the memory state of every word whose whole history was read is recomputed under
 * them (due dates stay). The fit and the table are computed outside any transaction (on the
 * embedded database a transaction holds up every other query); the writes are one short
 * transaction that skips a word answered meanwhile. Returns what happened and the mastered
 * count's change.
 */
export async function refitLearner(
  { db, lock, logger }: RefitDeps,
  userId: string,
  now: Date,
  policy: RefitPolicy = REFIT_POLICY,
): Promise<{ outcome: RefitOutcome; masteredDelta: number }> {
  const unlock = await lock(`verba:refit:${userId}`);
  if (!unlock) return { outcome: 'locked', masteredDelta: 0 };
  try {
    const [current] = await db.select().from(params).where(eq(params.userId, userId));
    if (current?.fittedAt && now.getTime() - current.fittedAt.getTime() < policy.minIntervalMs) {
      return { outcome: 'not-due', masteredDelta: 0 };
    }
    const scheduled = and(eq(log.userId, userId), ne(log.practiceType, 'infinity'));
    const [total] = await db.select({ n: count() }).from(log).where(scheduled);
    const answerCount = total?.n ?? 0;
    if (answerCount < (current?.reviewsAtFit ?? 0) + policy.minNewReviews) {
      return { outcome: 'not-due', masteredDelta: 0 };
    }
    const answers = (
      await db
        .select({
          wordId: log.wordId,
          sessionId: log.sessionId,
          rating: log.rating,
          elapsedDays: log.elapsedDays,
          reviewedAt: log.reviewedAt,
        })
        .from(log)
        .where(scheduled)
        .orderBy(desc(log.reviewedAt))
        .limit(policy.maxReviews)
    ).reverse();
    const reviews = sessionReviews(answers);
    const result = await fitLearnerParameters({
      reviews,
      current: current?.weights ?? null,
      minLogLossImprovement: policy.minLogLossImprovement,
    });
    const adopted = result.status === 'adopted';
    const states = adopted
      ? await memoryStates(db, userId, reviews, {
          weights: result.parameters,
          desiredRetention: current?.desiredRetention ?? undefined,
        })
      : [];
    // The table follows the weights it was computed for; kept as it is when they stay, unless it
    // was computed for an earlier λ or horizon of the product's policy.
    const kept = current?.weights ?? null;
    const stale =
      !adopted && kept !== null && current?.retentionPolicy != null
        ? isStalePolicy(current.retentionPolicy)
        : false;
    const fit = {
      weights: adopted ? result.parameters : kept,
      ...(adopted
        ? { retentionPolicy: await computeLearnerPolicyText(result.parameters, logger) }
        : {}),
      ...(stale && kept ? { retentionPolicy: await computeLearnerPolicyText(kept, logger) } : {}),
      fittedAt: now,
      reviewsAtFit: answerCount,
      updatedAt: now,
    };
    const masteredDelta = await db.transaction(async (tx) => {
      await tx
        .insert(params)
        .values({ userId, ...fit })
        .onConflictDoUpdate({ target: params.userId, set: fit });
      return writeMemoryStates(tx, userId, states);
    });
    return { outcome: result.status, masteredDelta };
  } finally {
    await unlock();
  }
}

/** A word's memory state recomputed from its whole history, valid while it has that many reviews. */
interface MemoryStateUpdate {
  id: string;
  totalReviews: number;
  stability: number;
  difficulty: number;
  mastered: boolean;
}

/** The new memory state of every word whose every scheduled review was read. */
async function memoryStates(
  db: Database,
  userId: string,
  reviews: readonly FitReview[],
  scheduler: SchedulerParams,
): Promise<MemoryStateUpdate[]> {
  const byWord = new Map<string, FitReview[]>();
  for (const r of reviews) {
    const list = byWord.get(r.word_id);
    if (list) list.push(r);
    else byWord.set(r.word_id, [r]);
  }
  const rows = await db
    .select({ id: words.id, totalReviews: words.totalReviews, repetitions: words.repetitions })
    .from(words)
    .where(eq(words.userId, userId));
  return rows.flatMap((row) => {
    const history = byWord.get(row.id);
    // Only words whose every scheduled review was read; a cut-off history would mislead.
    if (!history || history.length !== row.totalReviews) return [];
    const state = memoryStateFromHistory(history, scheduler);
    if (!state) return [];
    const mastered = isMastered({
      ...state,
      repetitions: row.repetitions,
      total_reviews: row.totalReviews,
    });
    return [{ id: row.id, totalReviews: row.totalReviews, ...state, mastered }];
  });
}

/**
 * Writes the recomputed states of the words not answered since they were read (the review count
 * is unchanged; their rows are locked first), and the profile's mastered count with them.
 */
async function writeMemoryStates(
  tx: Transaction,
  userId: string,
  states: readonly MemoryStateUpdate[],
): Promise<number> {
  if (states.length === 0) return 0;
  const rows = await tx
    .select({ id: words.id, totalReviews: words.totalReviews, mastered: words.mastered })
    .from(words)
    .where(eq(words.userId, userId))
    .for('update');
  const stored = new Map(rows.map((r) => [r.id, r]));
  const still = states.filter((s) => stored.get(s.id)?.totalReviews === s.totalReviews);
  if (still.length === 0) return 0;
  const delta = still.reduce((sum, s) => {
    const was = stored.get(s.id)?.mastered;
    return was === s.mastered ? sum : sum + (s.mastered ? 1 : -1);
  }, 0);
  await tx.execute(sql`
    update ${words} set stability = v.stability, difficulty = v.difficulty, mastered = v.mastered
    from (
      select unnest(${sql.param(still.map((s) => s.id))}::uuid[]) as id,
             unnest(${sql.param(still.map((s) => s.stability))}::float8[]) as stability,
             unnest(${sql.param(still.map((s) => s.difficulty))}::float8[]) as difficulty,
             unnest(${sql.param(still.map((s) => s.mastered))}::boolean[]) as mastered
    ) as v
    where ${words.id} = v.id and ${words.userId} = ${userId}`);
  if (delta !== 0) {
    await tx
      .update(schema.profiles)
      .set({ masteredWords: sql`greatest(${schema.profiles.masteredWords} + ${delta}, 0)` })
      .where(eq(schema.profiles.id, userId));
  }
  return delta;
}

export interface RefitQueue {
  /** Asks for a refit of this learner; returns at once (never on a request's path). */
  request: (userId: string) => void;
  /** Learners waiting for their refit. */
  size: () => number;
  /** Resolves when the queue is empty. */
  idle: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Learners waiting for a refit at most; more requests are dropped until there is room. */
const MAX_PENDING = 1_000;

/**
 * The process's refit worker: learners are refitted one at a time, after the request that asked
 * has been answered.
 */
export function createRefitQueue(
  deps: RefitDeps & { clock: () => Date; logger: Logger; events: Events },
  policy: RefitPolicy = REFIT_POLICY,
): RefitQueue {
  const pending = new Set<string>();
  let running: Promise<void> | null = null;
  let stopped = false;
  const drain = async () => {
    // Start after the current request's response, never within it.
    await new Promise((resolve) => setImmediate(resolve));
    for (const userId of pending) {
      if (stopped) break;
      pending.delete(userId);
      try {
        const { outcome, masteredDelta } = await refitLearner(deps, userId, deps.clock(), policy);
        if (outcome === 'adopted' || outcome === 'kept-current') {
          deps.logger.info({ userId, outcome }, 'scheduler parameters refitted');
        }
        if (masteredDelta !== 0) {
          await deps.events.publish({ userId, kind: 'profile.changed' });
          await deps.events.publish({ userId, kind: 'words.changed' });
        }
      } catch (error) {
        deps.logger.error({ err: error, userId }, 'scheduler refit failed');
      }
    }
  };
  const start = () => {
    running ??= drain().finally(() => {
      running = null;
      if (pending.size > 0 && !stopped) start();
    });
  };
  return {
    request: (userId) => {
      if (stopped || pending.size >= MAX_PENDING) return;
      pending.add(userId);
      start();
    },
    size: () => pending.size,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      pending.clear();
      await running;
    },
  };
}
