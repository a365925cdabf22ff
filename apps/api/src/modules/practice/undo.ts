/**
 * Undoing the learner's last answer of an open session (a flashcard graded by a slip of the
 * finger, a tap on the wrong option). Everything the answer changed is put back in one
 * transaction under the session's lock: the item is open again, its review log row is gone, and
 * when the answer had rescheduled its word, the word's review columns are restored exactly as
 * the answer kept them, with the profile's mastered count. An answer completes a session only as
 * its last, and a completed session takes no undo, so streak and study time never need putting
 * back. The undone answer's id is kept on its item: undoing again, or a replay of the answer,
 * changes nothing.
 */
import { schema, type StoredPracticeItem, type StoredSchedule } from '@verba/db';
import type { PracticeSession, SessionUser, UndoAnswerInput } from '@verba/shared';
import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import {
  PRACTICE_TEXT,
  toPracticeSession,
  type PracticeServices,
  type SessionRow,
} from './practice.service.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** A word's review columns as the database gives them. */
type ScheduleColumns = {
  [K in keyof StoredSchedule]: StoredSchedule[K] extends string
    ? Date
    : StoredSchedule[K] extends string | null
      ? Date | null
      : StoredSchedule[K];
};

/** The word's review columns before an answer changes them, as the answer keeps them. */
export function scheduleSnapshot(row: ScheduleColumns): StoredSchedule {
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
export function restoredSchedule(snapshot: StoredSchedule): ScheduleColumns {
  return {
    ...snapshot,
    nextReviewDate: new Date(snapshot.nextReviewDate),
    lastReview: snapshot.lastReview ? new Date(snapshot.lastReview) : null,
  };
}

/** Whether an answer id was undone on one of the session's items. */
export function wasUndone(items: readonly StoredPracticeItem[], answerId: string): boolean {
  return items.some((item) => item.undoneAnswerIds?.includes(answerId));
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
    if (!row) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.sessionNotFound);
    if (wasUndone(row.items, answerId)) return { row, changedWord: null, profileChanged: false };
    const item = row.items.find((i) => i.answer?.id === answerId);
    if (!item?.answer) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.answerNotFound);
    if (row.completedAt || row.expiresAt.getTime() <= now.getTime()) {
      throw new ApiError('CONFLICT', PRACTICE_TEXT.sessionEnded);
    }
    if (lastAnswered(row.items)?.index !== item.index) {
      throw new ApiError('CONFLICT', PRACTICE_TEXT.notLastAnswer);
    }

    let shownWords = row.words;
    let changedWord: string | null = null;
    let profileChanged = false;
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
          const delta = before.mastered ? 1 : -1;
          await tx
            .update(profiles)
            .set({ masteredWords: sql`greatest(${profiles.masteredWords} + ${delta}, 0)` })
            .where(eq(profiles.id, user.id));
          profileChanged = true;
          shownWords = shownWords.map((w) =>
            w.id === item.wordId ? { ...w, mastered: before.mastered } : w,
          );
        }
      }
    }
    await tx
      .delete(schema.reviewLog)
      .where(and(eq(schema.reviewLog.userId, user.id), eq(schema.reviewLog.clientId, answerId)));

    const items = row.items.map((i) =>
      i.index === item.index
        ? { ...i, answer: null, undoneAnswerIds: [...(i.undoneAnswerIds ?? []), answerId] }
        : i,
    );
    await tx
      .update(sessions)
      .set({ items, ...(shownWords === row.words ? {} : { words: shownWords }) })
      .where(eq(sessions.id, row.id));
    return { row: { ...row, items, words: shownWords }, changedWord, profileChanged };
  });
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
