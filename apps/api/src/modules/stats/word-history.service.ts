/**
 * GET /api/stats/words/{id}: one word's history for its detail page. Every answer with the
 * interval it left, and the word's memory now: stability, difficulty, the recall FSRS predicts
 * today under the learner's own weights, and the next review.
 */
import { preparedStatements, schema, type Database } from '@verba/db';
import {
  PRACTICE_TYPES,
  type PracticeType,
  type SessionUser,
  type WordHistory,
} from '@verba/shared';
import { retrievability } from '@verba/srs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import { rowToCard, SCHEDULE_COLUMNS } from '../scheduling/card-mapper.ts';
import { difficultyPercent } from './stats-figures.ts';

const words = schema.words;
const log = schema.reviewLog;
const params = schema.learnerParameters;

const statements = preparedStatements((db) => ({
  word: db
    .select({
      id: words.id,
      ...SCHEDULE_COLUMNS,
      weights: sql<
        number[] | null
      >`(select ${params.weights} from ${params} where ${params.userId} = ${words.userId})`,
    })
    .from(words)
    .where(
      and(eq(words.id, sql.placeholder('wordId')), eq(words.userId, sql.placeholder('userId'))),
    )
    .prepare('word_history_word'),
  reviews: db
    .select({
      id: log.id,
      sessionId: log.sessionId,
      reviewedAt: log.reviewedAt,
      practiceType: log.practiceType,
      outcome: log.outcome,
      scheduledDays: log.scheduledDays,
    })
    .from(log)
    .where(
      and(eq(log.wordId, sql.placeholder('wordId')), eq(log.userId, sql.placeholder('userId'))),
    )
    .orderBy(asc(log.reviewedAt), asc(log.id))
    .prepare('word_history_reviews'),
}));

interface LogRow {
  id: string;
  sessionId: string | null;
  reviewedAt: Date;
  practiceType: string;
  outcome: string;
  scheduledDays: number;
}

/**
 * The interval each answer left, oldest first. A word is rescheduled once per session, after its
 * last item there, and the log keeps the interval before each answer: so an answer's interval
 * after is the one the next session's first answer found, and the word's own interval after its
 * last session.
 */
export function intervalsAfter(rows: readonly LogRow[], currentInterval: number): number[] {
  const after = new Array<number>(rows.length);
  let next = currentInterval;
  for (let i = rows.length - 1; i >= 0; i--) {
    after[i] = next;
    const row = rows[i]!;
    const previous = rows[i - 1];
    if (!previous || previous.sessionId === null || previous.sessionId !== row.sessionId) {
      next = row.scheduledDays;
    }
  }
  return after;
}

const asPracticeType = (value: string): PracticeType =>
  (PRACTICE_TYPES as readonly string[]).includes(value) ? (value as PracticeType) : 'flashcard';

export async function getWordHistory(
  db: Database,
  user: SessionUser,
  wordId: string,
  now: Date,
): Promise<WordHistory> {
  const s = statements(db);
  const key = { wordId, userId: user.id };
  const [[word], rows] = await Promise.all([s.word.execute(key), s.reviews.execute(key)]);
  if (!word) throw new ApiError('NOT_FOUND', 'Word not found');
  const after = intervalsAfter(rows, word.interval);
  const seen = word.state !== 0 && word.lastReview !== null;
  const weights = word.weights && word.weights.length === 21 ? { weights: word.weights } : {};
  return {
    wordId: word.id,
    reviews: rows
      .map((r, i) => ({
        id: r.id,
        reviewedAt: r.reviewedAt.toISOString(),
        practiceType: asPracticeType(r.practiceType),
        correct: r.outcome === 'correct',
        intervalAfterDays: after[i] ?? 0,
      }))
      .reverse(),
    stabilityDays: word.stability,
    difficultyPercent: seen ? difficultyPercent(word.difficulty) : null,
    recall: seen ? retrievability(rowToCard(word), now, weights) : null,
    nextReviewDate: word.nextReviewDate.toISOString(),
  };
}
