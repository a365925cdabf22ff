import { schema, type Database } from '@verba/db';
import { lt, sql } from 'drizzle-orm';
import { ApiError } from './errors.ts';

export interface Limit {
  /** Requests allowed in one window. */
  max: number;
  windowSeconds: number;
}

/** Sign-in and sign-up throttles, per caller address and per account (email). */
export interface AuthRateLimits {
  signInPerIp: Limit;
  signInPerAccount: Limit;
  signUpPerIp: Limit;
  signUpPerAccount: Limit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 30, windowSeconds: 60 * 60 },
  signUpPerAccount: { max: 5, windowSeconds: 60 * 60 },
};

/**
 * Counts one request against `key` in a fixed window kept in the database, so every API process
 * shares the same count. Throws 429 with the seconds left once the window's budget is spent.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  limit: Limit,
  now = new Date(),
): Promise<void> {
  const windowEndsAt = new Date(now.getTime() + limit.windowSeconds * 1000);
  const t = schema.rateLimits;
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${t.count} + 1 end`,
        windowEndsAt: sql`case when ${t.windowEndsAt} <= ${now.toISOString()}::timestamptz then excluded.window_ends_at else ${t.windowEndsAt} end`,
      },
    })
    .returning({ count: t.count, windowEndsAt: t.windowEndsAt });
  if (row && row.count > limit.max) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((row.windowEndsAt.getTime() - now.getTime()) / 1000),
    );
    throw new ApiError(
      'TOO_MANY_REQUESTS',
      `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
      {
        retryAfterSeconds,
      },
    );
  }
}

/** Forgets windows that ended a day ago; called now and then, never on a hot path's result. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(schema.rateLimits)
    .where(lt(schema.rateLimits.windowEndsAt, new Date(now.getTime() - 86_400_000)));
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
