import { schema, type Database } from '@verba/db';
import {
  ACCOUNT_TEXT,
  VERBA_BACKUP,
  type ChangePasswordInput,
  type SessionUser,
} from '@verba/shared';
import { and, asc, eq, inArray, like, or } from 'drizzle-orm';
import type { Services } from '../../app-env.ts';
import { ApiError, codeForStatus } from '../../lib/errors.ts';
import { clearRateLimit, refundRateLimit, takeAttempt } from '../../lib/rate-limit.ts';
import { passwordUserInputs, refuseWeakPassword } from '../../lib/auth-throttle.ts';
import { getProfileWithStats } from '../profile/profile.service.ts';

/**
 * Changes the password after checking the current one; the new one must pass sign-up's strength
 * rules, under the same budget of refusals per address (`address`). Wrong current passwords are
 * throttled like wrong sign-ins, so a borrowed session cannot guess its way to the password. Every session of the learner ends (on every process: the session
 * rows' delete trigger announces it), and this device gets a fresh one. Returns the cookies to set.
 */
export async function changePassword(
  { auth, db, rateLimits, clock }: Pick<Services, 'auth' | 'db' | 'rateLimits' | 'clock'>,
  user: SessionUser,
  input: ChangePasswordInput,
  headers: Headers,
  address: string,
): Promise<string[]> {
  const attempts = `password-change:user:${user.id}`;
  await takeAttempt(db, attempts, rateLimits.signInFailures, clock());
  try {
    await refuseWeakPassword({ db, rateLimits, clock }, address, input.newPassword, {
      field: 'newPassword',
      userInputs: passwordUserInputs(user.email),
    });
  } catch (error) {
    // A weak new password says nothing about the current one.
    await refundRateLimit(db, attempts);
    throw error;
  }
  const response = await auth.api.changePassword({
    body: {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    },
    headers,
    asResponse: true,
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { code?: string } | null;
    // Only a wrong current password counts against the learner.
    if (payload?.code !== 'INVALID_PASSWORD') await refundRateLimit(db, attempts);
    if (payload?.code === 'INVALID_PASSWORD') {
      throw new ApiError('VALIDATION_ERROR', ACCOUNT_TEXT.wrongCurrentPassword, {
        issues: [{ path: 'currentPassword', message: ACCOUNT_TEXT.wrongCurrentPassword }],
      });
    }
    throw new ApiError(codeForStatus(response.status), 'Could not change the password');
  }
  await clearRateLimit(db, attempts);
  return response.headers.getSetCookie();
}

/** A value matched literally by LIKE: `_` and `%` are common in emails. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Deletes the account and every row of the learner's (profile, words, review log, sessions,
 * groups, feedback, suggestions, sign-in sessions cascade from the user row), plus the learner's
 * rate-limit counters. Ending the session rows announces it to every process.
 */
export async function deleteAccount(db: Database, user: SessionUser): Promise<void> {
  await db.transaction(async (tx) => {
    const r = schema.rateLimits;
    await tx
      .delete(r)
      .where(
        or(
          like(r.key, `%:${escapeLike(user.id)}`),
          like(r.key, `%:account:${escapeLike(user.email)}:%`),
        ),
      );
    const deleted = await tx
      .delete(schema.user)
      .where(eq(schema.user.id, user.id))
      .returning({ id: schema.user.id });
    if (deleted.length === 0) throw new ApiError('NOT_FOUND', 'Account not found');
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Everything Verba keeps about the learner, and nothing about anyone else. It is also a backup
 * the import screen restores (`format`, `version`): the streak is kept as stored, with its day,
 * so that a restore continues it.
 */
export async function exportAccount(db: Database, user: SessionUser) {
  const profile = await getProfileWithStats(db, user);
  const p = schema.profiles;
  const [streak] = await db
    .select({ current: p.currentStreak, lastStudyDate: p.lastStudyDate })
    .from(p)
    .where(eq(p.id, user.id));
  const w = schema.words;
  const words = await db.select().from(w).where(eq(w.userId, user.id)).orderBy(asc(w.createdAt));
  const rl = schema.reviewLog;
  const reviewLog = await db
    .select()
    .from(rl)
    .where(eq(rl.userId, user.id))
    .orderBy(asc(rl.reviewedAt));
  const s = schema.dailyPracticeSessions;
  const sessions = await db.select().from(s).where(eq(s.userId, user.id)).orderBy(asc(s.startedAt));
  const g = schema.groups;
  const groups = await db.select().from(g).where(eq(g.userId, user.id)).orderBy(asc(g.createdAt));
  const gw = schema.groupWords;
  const members =
    groups.length === 0
      ? []
      : await db
          .select({ groupId: gw.groupId, wordId: gw.wordId })
          .from(gw)
          .innerJoin(w, and(eq(w.id, gw.wordId), eq(w.userId, user.id)))
          .where(
            inArray(
              gw.groupId,
              groups.map((group) => group.id),
            ),
          );
  // The learner's own scheduler parameters; the retention table is left out, as it is computed
  // from them.
  const lp = schema.learnerParameters;
  const [scheduler] = await db
    .select({
      weights: lp.weights,
      desiredRetention: lp.desiredRetention,
      fittedAt: lp.fittedAt,
      reviewsAtFit: lp.reviewsAtFit,
    })
    .from(lp)
    .where(eq(lp.userId, user.id));
  const f = schema.userFeedback;
  const feedback = await db.select().from(f).where(eq(f.userId, user.id)).orderBy(asc(f.createdAt));
  return {
    ...VERBA_BACKUP,
    exportedAt: new Date().toISOString(),
    profile,
    streak: streak ?? null,
    // Where a word sits in the sampling and A-Z orders is the server's own business.
    words: words.map(({ userId: _userId, sampleKey: _sampleKey, sortKey: _sortKey, ...word }) => ({
      ...word,
      createdAt: iso(word.createdAt),
      updatedAt: iso(word.updatedAt),
      nextReviewDate: iso(word.nextReviewDate),
      lastReview: iso(word.lastReview),
    })),
    reviewLog: reviewLog.map(({ userId: _userId, ...entry }) => ({
      ...entry,
      reviewedAt: iso(entry.reviewedAt),
    })),
    sessions: sessions.map(({ userId: _userId, ...session }) => ({
      ...session,
      startedAt: iso(session.startedAt),
      expiresAt: iso(session.expiresAt),
      completedAt: iso(session.completedAt),
    })),
    groups: groups.map(({ userId: _userId, ...group }) => ({
      ...group,
      createdAt: iso(group.createdAt),
      wordIds: members.filter((m) => m.groupId === group.id).map((m) => m.wordId),
    })),
    scheduler: scheduler ? { ...scheduler, fittedAt: iso(scheduler.fittedAt) } : null,
    feedback: feedback.map(({ userId: _userId, ...entry }) => ({
      ...entry,
      createdAt: iso(entry.createdAt),
    })),
  };
}
