import { schema } from '@verba/db';
import { isMastered, type CardState, type SrsCard } from '@verba/srs';

const words = schema.words;
type WordRow = typeof words.$inferSelect;

/** The review columns of a word: what the scheduler reads and writes, the one list of them. */
export const SCHEDULE_COLUMNS = {
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
export type ScheduleColumns = { [K in keyof typeof SCHEDULE_COLUMNS]: WordRow[K] };

/** A word's schedule with the mastered flag it implies. */
export type WordSchedule = ScheduleColumns & Pick<WordRow, 'mastered'>;

/** The one place a word row becomes the scheduler's card… */
export function rowToCard(row: ScheduleColumns): SrsCard {
  return {
    interval: row.interval,
    next_review_date: row.nextReviewDate,
    repetitions: row.repetitions,
    total_reviews: row.totalReviews,
    correct_reviews: row.correctReviews,
    success_rate: row.successRate,
    ease_factor: row.easeFactor,
    stability: row.stability,
    difficulty: row.difficulty,
    state: (row.state >= 0 && row.state <= 3 ? row.state : 0) as CardState,
    lapses: row.lapses,
    last_review: row.lastReview,
    learning_steps: row.learningSteps,
  };
}

/** …and the card becomes the row's columns again, with the mastered flag it implies. */
export function cardToRow(card: SrsCard): WordSchedule {
  return {
    interval: card.interval,
    nextReviewDate: card.next_review_date,
    repetitions: card.repetitions,
    totalReviews: card.total_reviews,
    correctReviews: card.correct_reviews,
    successRate: card.success_rate,
    easeFactor: card.ease_factor,
    stability: card.stability,
    difficulty: card.difficulty,
    state: card.state,
    lapses: card.lapses,
    lastReview: card.last_review,
    learningSteps: card.learning_steps,
    mastered: isMastered(card),
  };
}
