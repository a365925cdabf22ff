/**
 * Answering a practice item. A replayed answer id returns the first result and changes nothing.
 * Most answers only add their item's answer and its review log row: one conditional statement
 * (`recordOpenAnswer`). An answer that finishes something takes the session's lock for a whole
 * transaction, so that two answers of one session never interleave there: when it completes a
 * word's items (daily mode) the word's schedule changes once, and when it completes the session,
 * study time, streak and summary are written in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import {
  preparedStatements,
  rowPlaceholders,
  schema,
  type Database,
  type Executor,
  type StoredPracticeItem,
  type Transaction,
} from '@verba/db';
import {
  normalizeSpelling,
  PRACTICE_LIMITS,
  type Answer,
  type AnswerResult,
  type PracticeWord,
  type SessionMode,
  type SessionUser,
  type SubmitAnswerInput,
} from '@verba/shared';
import {
  elapsedDaysBetween,
  ratingFor,
  type RetentionPolicyTable,
  type SchedulerParams,
} from '@verba/srs';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { isDatabaseError, PG_ERROR } from '../../lib/database-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { rowToCard } from './card-mapper.ts';
import { localDay, nextStreak, safeTimeZone } from './calendar.ts';
import { learnerRetentionPolicy } from './learner-policy.ts';
import {
  fuzzRandom,
  PRACTICE_TEXT,
  sessionEnd,
  toItem,
  toPracticeSession,
  type PracticeServices,
  type SessionRow,
} from './practice.service.ts';
import { drillKind, scheduleWord } from './schedule.ts';
import { scheduleSnapshot, wasUndone } from './undo.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** What an answer reads of its word: the review columns, and what a 'Word Mastered' names. */
const SCHEDULE_COLUMNS = {
  id: words.id,
  word: words.word,
  mastered: words.mastered,
  interval: words.interval,
  nextReviewDate: words.nextReviewDate,
  repetitions: words.repetitions,
  totalReviews: words.totalReviews,
  correctReviews: words.correctReviews,
  successRate: words.successRate,
  easeFactor: words.easeFactor,
  stability: words.stability,
  difficulty: words.difficulty,
  state: words.state,
  lapses: words.lapses,
  lastReview: words.lastReview,
  learningSteps: words.learningSteps,
};
type ScheduleRow = { [K in keyof typeof SCHEDULE_COLUMNS]: (typeof words.$inferSelect)[K] };

/** What the answer changed, for the events and the response. */
interface Outcome {
  /** The session after the answer. */
  row: SessionRow;
  item: StoredPracticeItem;
  changedWord: string | null;
  profileChanged: boolean;
  refit: boolean;
}

function expectedAnswer(item: StoredPracticeItem, word: PracticeWord | undefined): string {
  if (item.type === 'multiple-choice') return item.options?.[item.correctOption ?? 0] ?? '';
  if (item.type === 'flashcard' && item.direction === 'target-to-native') {
    return word?.translation ?? '';
  }
  return word?.word ?? '';
}

function isCorrect(item: StoredPracticeItem, answer: Answer, expected: string): boolean {
  switch (answer.type) {
    case 'flashcard':
      return answer.knew;
    case 'multiple-choice':
      return answer.optionIndex === item.correctOption;
    case 'spelling':
      return normalizeSpelling(answer.text) === normalizeSpelling(expected);
  }
}

/** The learner's scheduler parameters and retention table, in one query. */
async function learnerParams(
  db: Transaction,
  userId: string,
  logger: Logger,
): Promise<{ params: SchedulerParams; policy: RetentionPolicyTable }> {
  const [row] = await db
    .select({
      weights: schema.learnerParameters.weights,
      desiredRetention: schema.learnerParameters.desiredRetention,
      retentionPolicy: schema.learnerParameters.retentionPolicy,
    })
    .from(schema.learnerParameters)
    .where(eq(schema.learnerParameters.userId, userId));
  const policy = learnerRetentionPolicy(row?.retentionPolicy ?? null, logger);
  if (!row) return { params: {}, policy };
  return {
    params: {
      desiredRetention: row.desiredRetention,
      ...(row.weights && row.weights.length === 21 ? { weights: row.weights } : {}),
    },
    policy,
  };
}

/** The review log's word was deleted meanwhile (its foreign key refused the row). */
const isWordGone = (error: unknown) => isDatabaseError(error, PG_ERROR.foreignKeyViolation);

/** An answer id already used for another answer of this learner is a 409. */
function answerIdReused(error: unknown): never {
  if (isDatabaseError(error, PG_ERROR.uniqueViolation, 'review_log_user_client_id_idx')) {
    throw new ApiError('CONFLICT', PRACTICE_TEXT.answerIdReused);
  }
  throw error;
}

/** Study time credited for a session: per item at most 30 s. */
export function creditedSeconds(responseTimesMs: readonly number[]): number {
  const capMs = PRACTICE_LIMITS.creditedSecondsPerItem * 1000;
  return responseTimesMs.reduce((sum, ms) => sum + Math.min(Math.max(ms, 0), capMs), 0) / 1000;
}

/** The spec's increment_study_stats: minutes, rounded up, at least 1. */
export function studyMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * The learner's session with the review columns of the answered item's word, in one statement.
 * Takes values, or placeholders for the prepared statement of the unlocked read.
 */
function sessionForAnswer(
  db: Executor,
  userId: string | SQLWrapper,
  sessionId: string | SQLWrapper,
  itemIndex: number | SQLWrapper,
) {
  const itemWordId = sql`(${sessions.items} -> ${itemIndex}::int ->> 'wordId')::uuid`;
  return db
    .select({ row: sessions, word: SCHEDULE_COLUMNS })
    .from(sessions)
    .leftJoin(words, and(eq(words.id, itemWordId), eq(words.userId, userId)))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** What an answer reads: its session, and the answered item's word (gone when deleted). */
type SessionForAnswer = { row: SessionRow; word: ScheduleRow | null };

function foundSession(rows: SessionForAnswer[]): SessionForAnswer {
  const [found] = rows;
  if (!found) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.sessionNotFound);
  return found;
}

/** Reads the session for an answer, locked until the transaction ends. */
async function readSessionLocked(
  tx: Transaction,
  user: SessionUser,
  sessionId: string,
  itemIndex: number,
): Promise<SessionForAnswer> {
  return foundSession(
    await sessionForAnswer(tx, user.id, sessionId, itemIndex).for('update', { of: sessions }),
  );
}

type Checked =
  | { replayed: StoredPracticeItem }
  | { replayed: null; answered: StoredPracticeItem; items: StoredPracticeItem[] };

/** Checks an answer against the session as read; a replayed answer id finds its first result. */
function checkAnswer(row: SessionRow, input: SubmitAnswerInput, now: Date): Checked {
  // The learner took this answer back: its replay must not count it again.
  if (wasUndone(row.items, input.id)) throw new ApiError('CONFLICT', PRACTICE_TEXT.answerUndone);
  const replayed = row.items.find((i) => i.answer?.id === input.id);
  if (replayed) {
    if (replayed.index !== input.itemIndex) {
      throw new ApiError('CONFLICT', PRACTICE_TEXT.answerIdReused);
    }
    return { replayed };
  }
  const item = row.items[input.itemIndex];
  if (!item) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.itemNotFound);
  if (item.answer) throw new ApiError('CONFLICT', PRACTICE_TEXT.itemAnswered);
  if (row.completedAt || row.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError('CONFLICT', PRACTICE_TEXT.sessionEnded);
  }
  if (input.answer.type !== item.type) {
    throw new ApiError('VALIDATION_ERROR', PRACTICE_TEXT.wrongAnswerType, {
      issues: [{ path: 'answer.type', message: PRACTICE_TEXT.wrongAnswerType }],
    });
  }
  const shownWord = row.words.find((w) => w.id === item.wordId);
  const correct = isCorrect(item, input.answer, expectedAnswer(item, shownWord));
  const responseTimeMs = Math.min(input.responseTimeMs, PRACTICE_LIMITS.maxResponseTimeMs);
  const answered: StoredPracticeItem = {
    ...item,
    answer: { id: input.id, correct, responseTimeMs, answeredAt: now.toISOString(), mastered: [] },
  };
  return {
    replayed: null,
    answered,
    items: row.items.map((i) => (i.index === item.index ? answered : i)),
  };
}

/** The review log's row for an answer, with the word's state before it. */
type ReviewLogRow = Required<typeof schema.reviewLog.$inferInsert>;

function reviewLogRow(
  user: SessionUser,
  row: SessionRow,
  answered: StoredPracticeItem,
  word: ScheduleRow,
  now: Date,
): ReviewLogRow {
  const card = rowToCard(word);
  const { correct, responseTimeMs, id } = answered.answer!;
  return {
    id: randomUUID(),
    userId: user.id,
    wordId: word.id,
    sessionId: row.id,
    clientId: id,
    practiceType: row.mode === 'infinity' ? 'infinity' : answered.type,
    outcome: correct ? 'correct' : 'incorrect',
    responseTime: responseTimeMs / 1000,
    confidenceRating: correct ? 3 : 1,
    rating: ratingFor(correct),
    state: card.state,
    elapsedDays: card.last_review ? elapsedDaysBetween(card.last_review, now) : 0,
    scheduledDays: card.interval,
    durationMs: responseTimeMs,
    reviewedAt: now,
  };
}

/** A review log row as the value list of the open answer's `insert … select`. */
const REVIEW_LOG_ROW = rowPlaceholders(schema.reviewLog, 'log');

/**
 * Writes only one item's answer (the stored items can be long: an infinity round has 80). Takes
 * values, or placeholders for the prepared statement of an open answer.
 */
const setAnswer = (path: string | SQLWrapper, answer: string | SQLWrapper) =>
  sql`jsonb_set(${sessions.items}, ${path}::text[], ${answer}::jsonb)`;
const answerPath = (item: StoredPracticeItem) => `{${item.index},answer}`;
const answerItem = (answered: StoredPracticeItem) =>
  setAnswer(answerPath(answered), JSON.stringify(answered.answer));

/** What a replayed answer changes. */
const NOTHING_ELSE = { changedWord: null, profileChanged: false, refit: false } as const;

/**
 * Whether an answer finishes something: the session (its last item) or, in a daily session, its
 * word's items, whose schedule then changes.
 */
function finishesSomething(row: SessionRow, items: StoredPracticeItem[], wordId: string): boolean {
  if (items.every((i) => i.answer)) return true;
  return row.mode === 'daily' && items.every((i) => i.wordId !== wordId || i.answer);
}

/**
 * The statement of an answer that finishes nothing, for one mode: writes the item's answer where
 * it is still unanswered, another item of its word (daily) or of the session (infinity) is still
 * open and the answer id is unused, and adds the review log row only if it did.
 */
function openAnswerStatement(db: Database, mode: SessionMode) {
  const p = sql.placeholder;
  const others = sql`jsonb_array_elements(${sessions.items}) as other`;
  const inScope = mode === 'daily' ? sql` and other ->> 'wordId' = ${p('wordId')}` : sql``;
  const stillOpen = sql`exists (select 1 from ${others}
    where other -> 'answer' = 'null'::jsonb and (other ->> 'index')::int <> ${p('itemIndex')}::int${inScope})`;
  const idUnused = sql`not exists (select 1 from ${others} where other -> 'answer' ->> 'id' = ${p('answerId')}
    or coalesce(other -> 'undoneAnswerIds', '[]'::jsonb) @> to_jsonb(${p('answerId')}::text))`;
  const update = db.$with('answered').as(
    db
      .update(sessions)
      .set({ items: setAnswer(p('answerPath'), p('answer')) })
      .where(
        and(
          eq(sessions.id, p('sessionId')),
          eq(sessions.userId, p('userId')),
          sql`${sessions.items} -> ${p('itemIndex')}::int -> 'answer' = 'null'::jsonb`,
          stillOpen,
          idUnused,
        ),
      )
      .returning({ id: sessions.id }),
  );
  return db
    .with(update)
    .insert(schema.reviewLog)
    .select(sql`select ${REVIEW_LOG_ROW.list} from ${update}`)
    .returning({ id: schema.reviewLog.id })
    .prepare(`practice_open_answer_${mode}`);
}

/** An answer's statements, built once per database (most answers take only these two). */
const answerStatements = preparedStatements((db) => ({
  session: sessionForAnswer(
    db,
    sql.placeholder('userId'),
    sql.placeholder('sessionId'),
    sql.placeholder('itemIndex'),
  ).prepare('practice_answer_session'),
  openAnswer: {
    daily: openAnswerStatement(db, 'daily'),
    infinity: openAnswerStatement(db, 'infinity'),
  } satisfies Record<SessionMode, unknown>,
}));

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
  let checked: Checked;
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
  const random = fuzzRandom(services);
  return services.db.transaction(async (tx) => {
    const { row, word } = await readSessionLocked(tx, user, sessionId, input.itemIndex);
    const checked = checkAnswer(row, input, now);
    if (checked.replayed) return { row, item: checked.replayed, ...NOTHING_ELSE };
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
          .select(SCHEDULE_COLUMNS)
          .from(words)
          .where(and(eq(words.id, word.id), eq(words.userId, user.id)))
          .for('update');
        const next = scheduleWord({
          row: current,
          drills: ofWord.map((i) => ({
            kind: drillKind(i),
            correct: i.answer?.correct === true,
            durationMs: i.answer?.responseTimeMs ?? null,
          })),
          now,
          ...(await learnerParams(tx, user.id, services.logger)),
          random,
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
    let completion: Partial<
      Pick<
        SessionRow,
        'completedAt' | 'wordsPracticed' | 'correctCount' | 'totalTimeSeconds' | 'streakAfter'
      >
    > = {};
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
        const streak = nextStreak(profile.currentStreak, profile.lastStudyDate, today);
        const seconds = creditedSeconds(items.map((i) => i.answer?.responseTimeMs ?? 0));
        const minutes = studyMinutes(seconds);
        // Kept with the answer, so that undoing it restores the profile exactly.
        answered.answer!.completion = {
          streakBefore: profile.currentStreak,
          lastStudyDateBefore: profile.lastStudyDate,
          studyMinutes: minutes,
        };
        await tx
          .update(profiles)
          .set({
            ...mastered,
            currentStreak: streak,
            lastStudyDate: today,
            totalStudyTime: sql`${profiles.totalStudyTime} + ${minutes}`,
            updatedAt: now,
          })
          .where(eq(profiles.id, user.id));
        completion = {
          completedAt: now,
          wordsPracticed: new Set(items.map((i) => i.wordId)).size,
          correctCount: items.filter((i) => i.answer?.correct).length,
          totalTimeSeconds: Math.round(seconds),
          streakAfter: streak,
        };
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
    };
  });
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
