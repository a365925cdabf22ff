/**
 * What an answer reads and writes: its session with the answered item's word in one statement,
 * the review log row, one item's answer written in place, and the prepared statement of an
 * answer that finishes nothing.
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
import { PRACTICE_ERROR_TEXT, type SessionMode, type SessionUser } from '@verba/shared';
import { elapsedDaysBetween, ratingFor } from '@verba/srs';
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import { rowToCard, SCHEDULE_COLUMNS } from '../scheduling/card-mapper.ts';
import type { SessionRow } from './session-mapper.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;

/** What an answer reads of its word: the review columns, and what a 'Word Mastered' names. */
export const ANSWERED_WORD_COLUMNS = {
  id: words.id,
  word: words.word,
  mastered: words.mastered,
  ...SCHEDULE_COLUMNS,
};
export type AnsweredWord = {
  [K in keyof typeof ANSWERED_WORD_COLUMNS]: (typeof words.$inferSelect)[K];
};

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
    .select({ row: sessions, word: ANSWERED_WORD_COLUMNS })
    .from(sessions)
    .leftJoin(words, and(eq(words.id, itemWordId), eq(words.userId, userId)))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}

/** What an answer reads: its session, and the answered item's word (gone when deleted). */
export type SessionForAnswer = { row: SessionRow; word: AnsweredWord | null };

export function foundSession(rows: SessionForAnswer[]): SessionForAnswer {
  const [found] = rows;
  if (!found) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.sessionNotFound);
  return found;
}

/** Reads the session for an answer, locked until the transaction ends. */
export async function readSessionLocked(
  tx: Transaction,
  user: SessionUser,
  sessionId: string,
  itemIndex: number,
): Promise<SessionForAnswer> {
  return foundSession(
    await sessionForAnswer(tx, user.id, sessionId, itemIndex).for('update', { of: sessions }),
  );
}

/** The review log's row for an answer, with the word's state before it. */
export type ReviewLogRow = Required<typeof schema.reviewLog.$inferInsert>;

export function reviewLogRow(
  user: SessionUser,
  row: SessionRow,
  answered: StoredPracticeItem,
  word: AnsweredWord,
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
export const REVIEW_LOG_ROW = rowPlaceholders(schema.reviewLog, 'log');

/**
 * Writes only one item's answer (the stored items can be long: an infinity round has 80). Takes
 * values, or placeholders for the prepared statement of an open answer.
 */
const setAnswer = (path: string | SQLWrapper, answer: string | SQLWrapper) =>
  sql`jsonb_set(${sessions.items}, ${path}::text[], ${answer}::jsonb)`;
export const answerPath = (item: StoredPracticeItem) => `{${item.index},answer}`;
export const answerItem = (answered: StoredPracticeItem) =>
  setAnswer(answerPath(answered), JSON.stringify(answered.answer));

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
export const answerStatements = preparedStatements((db) => ({
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
