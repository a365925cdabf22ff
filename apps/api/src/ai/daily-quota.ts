import type { Database } from '@verba/db';
import { consumeRateLimit } from '../lib/rate-limit.ts';

const ONE_DAY = 86_400;

/**
 * What counts one provider call against the learner's daily AI quota (AI_DAILY_LIMIT); past the
 * quota it answers 429 before the provider is asked. Every call counts, the retry after an
 * invalid answer included, so the limit bounds what the operator pays.
 */
/** The key the learner's daily AI calls are counted under. */
export const dailyAiQuotaKey = (userId: string) => `ai:day:${userId}`;

export function dailyAiQuota(
  { db, env, clock }: { db: Database; env: { AI_DAILY_LIMIT: number }; clock: () => Date },
  userId: string,
): () => Promise<void> {
  return () =>
    consumeRateLimit(
      db,
      dailyAiQuotaKey(userId),
      { max: env.AI_DAILY_LIMIT, windowSeconds: ONE_DAY },
      clock(),
    );
}
