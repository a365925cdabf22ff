/**
 * Undoing the learner's last answer of an open session (a flashcard graded by a slip of the
 * finger, a tap on the wrong option). Everything the answer changed is put back in one
 * transaction under the session's lock: the item is open again, its review log row is gone, and
 * when the answer had rescheduled its word, the word's review columns are restored exactly as
 * the answer kept them, with the profile's mastered count. The answer that completed its session
 * reopens it: the summary is gone, and the streak, its day and the study time are put back as the
 * answer kept them. The undone answer's id is kept on its item: undoing again, or a replay of the
 * answer, changes nothing.
 */
import {
  schema,
  type StoredCompletion,
  type StoredPracticeItem,
  type StoredSchedule,
  type Transaction,
} from '@verba/db';
import {
  PRACTICE_ERROR_TEXT,
  type PracticeSession,
  type SessionUser,
  type UndoAnswerInput,
  wasUndone,
} from '@verba/shared';
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import type { WordSchedule } from '../scheduling/card-mapper.ts';
import type { PracticeServices } from './practice-services.ts';
import { toPracticeSession, type SessionRow } from './session-mapper.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** The word's review columns before an answer changes them, as the answer keeps them. */
export function scheduleSnapshot(row: WordSchedule): StoredSchedule {
  return {
    interval: row.interval,
    nextReviewDate: row.nextReviewDate.toISOString(),
    repetitions: row.repetitions,
    totalReviews: row.totalReviews,
    correctReviews: row.correctReviews,
    successRate: row.successRate,
    easeFactor: row.easeFactor,
    stability: row.stability,
    difficulty: row.difficulty,
    state: row.state,
    lapses: row.lapses,
    learningSteps: row.learningSteps,
    lastReview: row.lastReview ? row.lastReview.toISOString() : null,
    mastered: row.mastered,
  };
}

/** The review columns a snapshot puts back. */
export function restoredSchedule(snapshot: StoredSchedule): WordSchedule {
  return {
    ...snapshot,
    nextReviewDate: new Date(snapshot.nextReviewDate),
    lastReview: snapshot.lastReview ? new Date(snapshot.lastReview) : null,
  };
}

/** The session's most recent answer: the latest answered, the later item on a tie. */
export function lastAnswered(items: readonly StoredPracticeItem[]): StoredPracticeItem | null {
  let last: StoredPracticeItem | null = null;
  for (const item of items) {
    if (!item.answer) continue;
    if (
      !last?.answer ||
      item.answer.answeredAt > last.answer.answeredAt ||
      (item.answer.answeredAt === last.answer.answeredAt && item.index > last.index)
    ) {
      last = item;
    }
  }
  return last;
}

interface Undone {
  row: SessionRow;
  changedWord: string | null;
  profileChanged: boolean;
}

/** A session's end taken back: it is open again, its summary gone. */
const REOPENED = {
  completedAt: null,
  wordsPracticed: 0,
  correctCount: 0,
  totalTimeSeconds: 0,
  streakAfter: null,
} satisfies Partial<SessionRow>;

async function undoLocked(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  answerId: string,
): Promise<Undone> {
  const now = services.clock();
  return services.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .for('update');
    if (!row) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.sessionNotFound);
    if (wasUndone(row.items, answerId)) return { row, changedWord: null, profileChanged: false };
    const item = row.items.find((i) => i.answer?.id === answerId);
    if (!item?.answer) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.answerNotFound);
    const completion = item.answer.completion;
    // A completed session reopens only through the answer that completed it, which kept what the
    // completion changed.
    if ((row.completedAt && !completion) || row.expiresAt.getTime() <= now.getTime()) {
      throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.sessionEnded);
    }
    if (lastAnswered(row.items)?.index !== item.index) {
      throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.notLastAnswer);
    }

    let shownWords = row.words;
    let changedWord: string | null = null;
    let masteredDelta = 0;
    const before = item.answer.wordBefore;
    if (before) {
      const [restored] = await tx
        .select({ mastered: words.mastered })
        .from(words)
        .where(and(eq(words.id, item.wordId), eq(words.userId, user.id)))
        .for('update');
      // A word deleted since has nothing left to restore.
      if (restored) {
        await tx
          .update(words)
          .set(restoredSchedule(before))
          .where(and(eq(words.id, item.wordId), eq(words.userId, user.id)));
        changedWord = item.wordId;
        if (restored.mastered !== before.mastered) {
          masteredDelta = before.mastered ? 1 : -1;
          shownWords = shownWords.map((w) =>
            w.id === item.wordId ? { ...w, mastered: before.mastered } : w,
          );
        }
      }
    }
    const profileChanged =
      masteredDelta !== 0 || (row.completedAt !== null && completion !== undefined);
    if (profileChanged) {
      await tx
        .update(profiles)
        .set({
          ...(masteredDelta === 0
            ? {}
            : { masteredWords: sql`greatest(${profiles.masteredWords} + ${masteredDelta}, 0)` }),
          ...(row.completedAt && completion
            ? await completionTakenBack(tx, user.id, row, completion, now)
            : {}),
        })
        .where(eq(profiles.id, user.id));
    }
    await tx
      .delete(schema.reviewLog)
      .where(and(eq(schema.reviewLog.userId, user.id), eq(schema.reviewLog.clientId, answerId)));

    const items = row.items.map((i) =>
      i.index === item.index
        ? { ...i, answer: null, undoneAnswerIds: [...(i.undoneAnswerIds ?? []), answerId] }
        : i,
    );
    const reopened = row.completedAt ? REOPENED : {};
    await tx
      .update(sessions)
      .set({ items, ...(shownWords === row.words ? {} : { words: shownWords }), ...reopened })
      .where(eq(sessions.id, row.id));
    return {
      row: { ...row, items, words: shownWords, ...reopened },
      changedWord,
      profileChanged,
    };
  });
}

/**
 * The profile's columns as they were before a session's completion: the streak and its day as
 * the completing answer kept them, and the total study time less the minutes it added (minutes
 * another session added meanwhile stay). A session of the learner completed since (the same day,
 * as an ended session takes no undo) counted that day for the streak too: the streak stays.
 */
async function completionTakenBack(
  tx: Transaction,
  userId: string,
  row: SessionRow,
  completion: StoredCompletion,
  now: Date,
) {
  // The profile's lock first: a completion that commits after this sees the restored streak.
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
  const [later] = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, row.id),
        gte(sessions.completedAt, row.completedAt!),
      ),
    )
    .limit(1);
  return {
    ...(later
      ? {}
      : { currentStreak: completion.streakBefore, lastStudyDate: completion.lastStudyDateBefore }),
    totalStudyTime: sql`greatest(${profiles.totalStudyTime} - ${completion.studyMinutes}, 0)`,
    updatedAt: now,
  };
}

/** Undoes the learner's last answer of an open session and announces what that changed. */
export async function undoAnswer(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  { answerId }: UndoAnswerInput,
): Promise<PracticeSession> {
  const { row, changedWord, profileChanged } = await undoLocked(
    services,
    user,
    sessionId,
    answerId,
  );
  if (changedWord) {
    await services.events.publish({ userId: user.id, kind: 'words.changed', id: changedWord });
  }
  if (profileChanged) await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  return toPracticeSession(row);
}
