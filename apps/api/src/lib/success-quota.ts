import type { Database } from '@verba/db';
import type { ApiError } from './errors.ts';
import { countUse, refundRateLimit, secondsUntil, type Limit } from './rate-limit.ts';

/**
 * Runs `work` under a per-learner quota that counts only the calls that succeed: a call refused
 * by the quota, or one that fails (the provider's error, a cancelled request), gives its use back.
 * The use is taken before `work` starts, so parallel calls cannot all slip through one opening.
 * `refused` makes the 429 the learner sees, given the seconds until the window ends.
 */
export async function withSuccessQuota<T>(
  db: Database,
  key: string,
  limit: Limit,
  refused: (retryAfterSeconds: number) => ApiError,
  work: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  const { count, windowEndsAt } = await countUse(db, key, limit.windowSeconds, now);
  if (count > limit.max) {
    await refundRateLimit(db, key);
    throw refused(secondsUntil(windowEndsAt, now));
  }
  try {
    return await work();
  } catch (error) {
    await refundRateLimit(db, key);
    throw error;
  }
}
