/**
 * Answering a practice item. A replayed answer id returns the first result and changes nothing.
 * Most answers only add their item's answer and its review log row: one conditional statement
 * (`recordOpenAnswer`). An answer that finishes something takes the session's lock for a whole
 * transaction, so that two answers of one session never interleave there: when it completes a
 * word's items (daily mode) the word's schedule changes once, and when it completes the session,
 * study time, streak and summary are written in the same transaction.
 */
import { schema, type StoredPracticeItem, type Transaction } from '@verba/db';
import {
  expectedAnswer,
  finishesSomething,
  PRACTICE_ERROR_TEXT,
  type AnswerResult,
  type SessionUser,
  type SubmitAnswerInput,
  localDay,
  safeTimeZone,
} from '@verba/shared';
import { and, eq, sql } from 'drizzle-orm';
import { isDatabaseError, PG_ERROR } from '../../lib/database-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { learnerParams } from '../scheduling/learner-params.ts';
import { scheduleWord } from '../scheduling/schedule.ts';
import { drillsOf } from './replay.ts';
import { completeSession, type SessionFigures } from './session-completion.ts';
import { checkAnswer, type Accepted } from './answer-check.ts';
import {
  answerItem,
  answerPath,
  answerStatements,
  foundSession,
  readSessionLocked,
  REVIEW_LOG_ROW,
  reviewLogRow,
  ANSWERED_WORD_COLUMNS,
  type SessionForAnswer,
} from './answer-statements.ts';
import type { PracticeServices } from './practice-services.ts';
import { sessionEnd, toItem, toPracticeSession, type SessionRow } from './session-mapper.ts';
import { scheduleSnapshot } from './undo.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** What the answer changed, for the events and the response. */
export interface Outcome {
  /** The session after the answer. */
  row: SessionRow;
  item: StoredPracticeItem;
  changedWord: string | null;
  profileChanged: boolean;
  refit: boolean;
  /** The answer was given before (its id found its first result). */
  replayed?: boolean;
  /** The item's word was deleted before the answer: nothing of it was logged or scheduled. */
  wordDeleted?: boolean;
}

/** The review log's word was deleted meanwhile (its foreign key refused the row). */
const isWordGone = (error: unknown) => isDatabaseError(error, PG_ERROR.foreignKeyViolation);

/** An answer id already used for another answer of this learner is a 409. */
function answerIdReused(error: unknown): never {
  if (isDatabaseError(error, PG_ERROR.uniqueViolation, 'review_log_user_client_id_idx')) {
    throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.answerIdReused);
  }
  throw error;
}

/** What a replayed answer changes. */
const NOTHING_ELSE = { changedWord: null, profileChanged: false, refit: false } as const;

/**
 * Most answers finish nothing: they add the item's answer and the review log row, and that is all.
 * Such an answer is recorded in one statement, without a transaction or a lock: the update is
 * conditional on the item being still unanswered and on another item of its word (daily) or of
 * the session (infinity) being still open, checked by the database on the row as it is when the
 * update runs, so an answer that raced another becomes the finishing one and takes the locked path
 * instead. Returns null when the answer needs that path (it finishes something, its word is gone,
 * or the session changed since it was read).
 */
async function recordOpenAnswer(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  input: SubmitAnswerInput,
  now: Date,
): Promise<Outcome | null> {
  const statements = answerStatements(services.db);
  const { row, word } = foundSession(
    (await statements.session.execute({
      userId: user.id,
      sessionId,
      itemIndex: input.itemIndex,
    })) as SessionForAnswer[],
  );
  let checked: Accepted;
  try {
    checked = checkAnswer(row, input, now);
  } catch (error) {
    // A conflict seen without the lock may be this answer's own first request, not yet
    // committed: the locked path waits for it and answers as a replay.
    if (error instanceof ApiError && error.code === 'CONFLICT') return null;
    throw error;
  }
  if (checked.replayed) return { row, item: checked.replayed, ...NOTHING_ELSE };
  const { answered, items } = checked;
  if (!word || finishesSomething(row, items, answered.wordId)) return null;

  const inserted = await statements.openAnswer[row.mode === 'daily' ? 'daily' : 'infinity']
    .execute({
      sessionId: row.id,
      userId: user.id,
      itemIndex: answered.index,
      wordId: answered.wordId,
      answerId: input.id,
      answerPath: answerPath(answered),
      answer: JSON.stringify(answered.answer),
      ...REVIEW_LOG_ROW.values(reviewLogRow(user, row, answered, word, now)),
    })
    .catch((error: unknown) => (isWordGone(error) ? [] : answerIdReused(error)));
  if (inserted.length === 0) return null;
  return { row: { ...row, items }, item: answered, ...NOTHING_ELSE };
}

async function recordAnswer(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  input: SubmitAnswerInput,
  now: Date,
): Promise<Outcome> {
  return services.db.transaction((tx) =>
    answerInTransaction(tx, services, user, sessionId, input, now),
  );
}

/**
 * Records one answer in a transaction of the caller's, holding its session's lock: the review
 * log row, the word's new schedule when the answer completes its items (daily mode), and the
 * session's completion (streak, study time, summary).
 */
async function answerInTransaction(
  tx: Transaction,
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  input: SubmitAnswerInput,
  now: Date,
): Promise<Outcome> {
  {
    const { row, word } = await readSessionLocked(tx, user, sessionId, input.itemIndex);
    const checked = checkAnswer(row, input, now);
    if (checked.replayed) return { row, item: checked.replayed, ...NOTHING_ELSE, replayed: true };
    const { answered, items } = checked;
    let shownWords = row.words;
    let masteredDelta = 0;
    let changedWord: string | null = null;

    // A word deleted during the session has no history left to add to.
    if (word) {
      await tx
        .insert(schema.reviewLog)
        .values(reviewLogRow(user, row, answered, word, now))
        .catch(answerIdReused);
      const ofWord = items.filter((i) => i.wordId === answered.wordId);
      if (row.mode === 'daily' && ofWord.every((i) => i.answer)) {
        // The new schedule follows from the word's state: read it again under the row's lock.
        const [current = word] = await tx
          .select(ANSWERED_WORD_COLUMNS)
          .from(words)
          .where(and(eq(words.id, word.id), eq(words.userId, user.id)))
          .for('update');
        const { params, policy } = await learnerParams(tx, user.id, services.logger);
        // Never earlier than the review the word had before.
        const at = current.lastReview && current.lastReview > now ? current.lastReview : now;
        const next = scheduleWord({
          row: current,
          drills: drillsOf(ofWord),
          now: at,
          params,
          policy,
          random: services.scheduleRandom,
        });
        await tx.update(words).set(next).where(eq(words.id, word.id));
        // Kept with the answer, so that undoing it restores the word exactly.
        answered.answer!.wordBefore = scheduleSnapshot(current);
        changedWord = word.id;
        if (next.mastered !== current.mastered) {
          masteredDelta = next.mastered ? 1 : -1;
          if (next.mastered) answered.answer!.mastered.push({ id: word.id, word: word.word });
          shownWords = shownWords.map((w) =>
            w.id === word.id ? { ...w, mastered: next.mastered } : w,
          );
        }
      }
    }

    const complete = items.every((i) => i.answer);
    let completion: Partial<SessionFigures> = {};
    if (complete || masteredDelta !== 0) {
      const [profile] = await tx
        .select({
          timeZone: profiles.timeZone,
          currentStreak: profiles.currentStreak,
          lastStudyDate: profiles.lastStudyDate,
        })
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .for('update');
      const mastered =
        masteredDelta === 0
          ? {}
          : { masteredWords: sql`greatest(${profiles.masteredWords} + ${masteredDelta}, 0)` };
      if (complete && profile) {
        const today = localDay(now, safeTimeZone(profile.timeZone));
        const done = completeSession(items, now, profile, today);
        // Kept with the answer, so that undoing it restores the profile exactly.
        answered.answer!.completion = done.kept;
        await tx
          .update(profiles)
          .set({
            ...mastered,
            currentStreak: done.streak,
            lastStudyDate: today,
            totalStudyTime: sql`${profiles.totalStudyTime} + ${done.minutes}`,
            updatedAt: now,
          })
          .where(eq(profiles.id, user.id));
        completion = done.session;
      } else if (masteredDelta !== 0) {
        await tx.update(profiles).set(mastered).where(eq(profiles.id, user.id));
      }
    }
    // The words are written only when one's mastery changed.
    await tx
      .update(sessions)
      .set({
        items: answerItem(answered),
        ...(shownWords === row.words ? {} : { words: shownWords }),
        ...completion,
      })
      .where(eq(sessions.id, row.id));
    return {
      row: { ...row, items, words: shownWords, ...completion },
      item: answered,
      changedWord,
      profileChanged: complete || masteredDelta !== 0,
      refit: complete && row.mode === 'daily',
      wordDeleted: !word,
    };
  }
}

/**
 * Checks and records one answer, then announces what it changed. `withSession` adds the whole
 * session after the answer to the result (for clients that do not fold answers in).
 */
export async function submitAnswer(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  input: SubmitAnswerInput,
  { withSession }: { withSession: boolean },
): Promise<AnswerResult> {
  const now = services.clock();
  const outcome =
    (await recordOpenAnswer(services, user, sessionId, input, now)) ??
    (await recordAnswer(services, user, sessionId, input, now));
  // Checked in the background, once the answer is sent: a day since the last fit and enough new answers.
  if (outcome.refit) services.jobs?.refit.request(user.id);
  if (outcome.changedWord) {
    await services.events.publish({
      userId: user.id,
      kind: 'words.changed',
      id: outcome.changedWord,
    });
  }
  if (outcome.profileChanged) {
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  const shownWord = outcome.row.words.find((w) => w.id === outcome.item.wordId);
  return {
    correct: outcome.item.answer?.correct ?? false,
    expected: expectedAnswer(outcome.item, shownWord),
    masteredWords: outcome.item.answer?.mastered ?? [],
    item: toItem(outcome.item),
    word: shownWord ?? null,
    ...sessionEnd(outcome.row),
    ...(withSession ? { session: toPracticeSession(outcome.row) } : {}),
  };
}
