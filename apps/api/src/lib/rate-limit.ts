import { schema, type Database } from '@verba/db';
import { countOf, UNITS } from '@verba/shared';
import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { ApiError } from './errors.ts';

export interface Limit {
  /** Uses allowed in one window. */
  max: number;
  windowSeconds: number;
}

export interface WindowCount {
  /** Uses counted in the current window, this one included. */
  count: number;
  windowEndsAt: Date;
}

const t = schema.rateLimits;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * Counts one use of `key` in a fixed window kept in the database, so every API process shares the
 * same count, and returns the count so far. A key names what is counted and for whom, e.g.
 * `sign-up:ip:203.0.113.9`.
 */
export async function countUse(
  db: Database,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<WindowCount> {
  const windowEndsAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowEndsAt} <= ${at(now)} then 1 else ${t.count} + 1 end`,
        windowEndsAt: sql`case when ${t.windowEndsAt} <= ${at(now)} then excluded.window_ends_at else ${t.windowEndsAt} end`,
      },
    })
    .returning({ count: t.count, windowEndsAt: t.windowEndsAt });
  return row ?? { count: 1, windowEndsAt };
}

/** The uses counted under `key` in its current window, without counting one. */
export async function usesSoFar(db: Database, key: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ count: t.count })
    .from(t)
    .where(and(eq(t.key, key), gt(t.windowEndsAt, now)));
  return row?.count ?? 0;
}

/** The window `key` is counting in now and its uses so far, or null when none is open. */
export async function currentWindow(
  db: Database,
  key: string,
  now = new Date(),
): Promise<WindowCount | null> {
  const [row] = await db
    .select({ count: t.count, windowEndsAt: t.windowEndsAt })
    .from(t)
    .where(and(eq(t.key, key), gt(t.windowEndsAt, now)));
  return row ?? null;
}

/** Counts one use of `key` and answers 429, with the seconds left, once the window's budget is spent. */
export async function consumeRateLimit(
  db: Database,
  key: string,
  limit: Limit,
  now = new Date(),
): Promise<void> {
  const { count, windowEndsAt } = await countUse(db, key, limit.windowSeconds, now);
  if (count > limit.max) throw tooManyRequests(secondsUntil(windowEndsAt, now));
}

/** Gives one use back, for a request that turned out not to count (a successful sign-in). */
export async function refundRateLimit(db: Database, key: string): Promise<void> {
  await db
    .update(t)
    .set({ count: sql`greatest(${t.count} - 1, 0)` })
    .where(eq(t.key, key));
}

/** Forgets every use of `key`. */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(t).where(eq(t.key, key));
}

export interface Backoff {
  /** Failures allowed before each further attempt must wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further one. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures are forgotten this long after the last attempt. */
  forgetAfterSeconds: number;
}

// The doubling stops growing long before a float could overflow.
const MAX_DOUBLINGS = 30;

/** How long after the last counted attempt the next one must wait, given the failures so far. */
export function backoffDelaySeconds(failures: number, backoff: Backoff): number {
  if (failures < backoff.freeFailures) return 0;
  const doublings = Math.min(failures - backoff.freeFailures, MAX_DOUBLINGS);
  return Math.min(backoff.maxDelaySeconds, backoff.firstDelaySeconds * 2 ** doublings);
}

/**
 * Takes one attempt under `key`, counting it as a failure until it is cleared (on success) or
 * refunded. Once `freeFailures` are counted, each further attempt must wait a growing
 * delay after the previous one: then this answers 429 with the seconds left. Taking the attempt is
 * one atomic statement, so parallel requests cannot slip through the same opening.
 *
 * The row keeps the count and, as its window end, the last attempt plus `forgetAfterSeconds`.
 */
export async function takeAttempt(
  db: Database,
  key: string,
  backoff: Backoff,
  now = new Date(),
): Promise<void> {
  const forgetAt = new Date(now.getTime() + backoff.forgetAfterSeconds * 1000);
  const seconds = (value: SQL) => sql`(${value}) * interval '1 second'`;
  const lastAttempt = sql`${t.windowEndsAt} - ${seconds(sql`${backoff.forgetAfterSeconds}::float8`)}`;
  const delay = sql`least(${backoff.maxDelaySeconds}::float8, ${backoff.firstDelaySeconds}::float8 * power(2::float8, least(${t.count} - ${backoff.freeFailures}::int, ${MAX_DOUBLINGS}::int)))`;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, windowEndsAt: forgetAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowEndsAt} <= ${at(now)} then 1 else ${t.count} + 1 end`,
        windowEndsAt: sql`excluded.window_ends_at`,
      },
      setWhere: sql`${t.windowEndsAt} <= ${at(now)}
        or ${t.count} < ${backoff.freeFailures}::int
        or ${lastAttempt} + ${seconds(delay)} <= ${at(now)}`,
    })
    .returning({ count: t.count });
  if (row) return;
  // Nothing was written: the key is waiting out its delay.
  const [current] = await db
    .select({ count: t.count, windowEndsAt: t.windowEndsAt })
    .from(t)
    .where(eq(t.key, key));
  const waitUntil = current
    ? current.windowEndsAt.getTime() -
      backoff.forgetAfterSeconds * 1000 +
      backoffDelaySeconds(current.count, backoff) * 1000
    : now.getTime();
  throw tooManyRequests(secondsUntil(new Date(waitUntil), now));
}

/** Forgets windows that ended a day ago; called now and then, never on a hot path's result. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.delete(t).where(lt(t.windowEndsAt, new Date(now.getTime() - 86_400_000)));
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
    { retryAfterSeconds },
  );
}

/** Whole seconds from `now` until `then`, at least one. */
export function secondsUntil(then: Date, now: Date): number {
  return Math.max(1, Math.ceil((then.getTime() - now.getTime()) / 1000));
}

/** '42 seconds', '2 minutes': a wait in words. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return countOf(seconds, UNITS.second);
  return countOf(Math.ceil(seconds / 60), UNITS.minute);
}
