/** Reading a learner's sessions and due words: what the feed and a daily start both ask. */
import { schema, type Database, type Executor } from '@verba/db';
import { PRACTICE_ERROR_TEXT, type PracticeSession, type SessionUser } from '@verba/shared';
import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import { toPracticeSession } from './session-mapper.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;

/** The learner's open daily session of today, if any. */
export function openDailySession(db: Executor, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.completedAt),
        gt(sessions.expiresAt, now),
        eq(sessions.mode, 'daily'),
      ),
    )
    .orderBy(desc(sessions.startedAt))
    .limit(1);
}

/**
 * Words that can be practised: every item needs the translation, and an imported word the AI is
 * still completing has none yet (docs/decisions/058).
 */
export const practisable = ne(words.translation, '');

/** The learner's words due now. */
export const dueCondition = (userId: string, now: Date) =>
  and(eq(words.userId, userId), lte(words.nextReviewDate, now), practisable);

export async function getSession(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<PracticeSession> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)));
  if (!row) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.sessionNotFound);
  return toPracticeSession(row);
}
