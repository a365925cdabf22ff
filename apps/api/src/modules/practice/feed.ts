import { schema } from '@verba/db';
import { PRACTICE_LIMITS, type FeedState, type SessionUser } from '@verba/shared';
import { and, desc, eq, isNotNull, min, sql } from 'drizzle-orm';
import type { PracticeServices } from './practice-services.ts';
import { toPracticeSession } from './session-mapper.ts';
import { dueCondition, openDailySession } from './session-reads.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** The feed's state (spec §4 "Feed session selection"); reading it changes nothing. */
export async function getFeed(services: PracticeServices, user: SessionUser): Promise<FeedState> {
  const { db } = services;
  const now = services.clock();
  const [profile] = await db
    .select({ totalWords: profiles.totalWords })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  if (!profile || profile.totalWords === 0) return { kind: 'no-words' };
  const [open] = await openDailySession(db, user.id, now);
  if (open) return { kind: 'session', session: toPracticeSession(open) };
  const [due] = await db
    .select({
      n: sql<number>`count(*)::int`,
      // New words answered in a session but never right: practised again, not due again.
      again: sql<number>`(count(*) filter (where ${words.repetitions} = 0 and ${words.totalReviews} > 0))::int`,
    })
    .from(words)
    .where(dueCondition(user.id, now));
  const dueCount = due?.n ?? 0;
  if (dueCount > 0) {
    const [last] = await db
      .select({ completedAt: sessions.completedAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          isNotNull(sessions.completedAt),
          eq(sessions.mode, 'daily'),
        ),
      )
      .orderBy(desc(sessions.completedAt))
      .limit(1);
    const windowMs = PRACTICE_LIMITS.quickReviewWindowMinutes * 60_000;
    if (last?.completedAt && now.getTime() - last.completedAt.getTime() <= windowMs) {
      return { kind: 'quick-review', dueCount, practiseAgainCount: due?.again ?? 0 };
    }
    return { kind: 'due', dueCount };
  }
  const [next] = await db
    .select({ at: min(words.nextReviewDate) })
    .from(words)
    .where(eq(words.userId, user.id));
  return {
    kind: 'caught-up',
    nextReviewDate: next?.at ? new Date(next.at).toISOString() : null,
  };
}
