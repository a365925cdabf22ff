import { schema, type Database } from '@verba/db';
import { and, inArray, isNull, lte } from 'drizzle-orm';

const sessions = schema.dailyPracticeSessions;

/** Rows one clean-up statement deletes at most, so that it never holds many locks for long. */
const CLEANUP_BATCH = 500;

/**
 * The spec's cleanup_expired_sessions: deletes unfinished sessions whose day is over (their
 * answers stay in the review log). Returns how many went.
 */
export async function cleanupExpiredSessions(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(isNull(sessions.completedAt), lte(sessions.expiresAt, now)))
      .limit(CLEANUP_BATCH);
    const deleted = await db
      .delete(sessions)
      .where(inArray(sessions.id, expired))
      .returning({ id: sessions.id });
    total += deleted.length;
    if (deleted.length < CLEANUP_BATCH) return total;
  }
}
