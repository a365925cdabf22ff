/** FSRS memory state of a word, as stored (0 New, 1 Learning, 2 Review, 3 Relearning). */
export type CardState = 0 | 1 | 2 | 3;

/**
 * A learner's schedule for one word, in the spec's field names plus the FSRS memory state.
 * `success_rate` is a fraction in 0..1; `interval` is in whole days.
 */
export interface SrsCard {
  interval: number;
  next_review_date: Date;
  /** Consecutive correct answers (reset by a wrong one), as in SM-2; drives word maturity. */
  repetitions: number;
  total_reviews: number;
  correct_reviews: number;
  success_rate: number;
  /** Kept for display and SM-2 imports; FSRS does not read it. */
  ease_factor: number;
  stability: number;
  difficulty: number;
  state: CardState;
  lapses: number;
  last_review: Date | null;
  learning_steps: number;
}

/** FSRS rating recorded for an answer: correct → Good (3), incorrect → Again (1). */
export type ReviewRating = 1 | 3;

/** One answer, with what an optimizer needs to refit a learner's parameters. */
export interface ReviewLogEntry {
  rating: ReviewRating;
  /**
   * The FSRS grade the memory state was updated with, when the answer was graded from the session's
   * evidence (1 Again, 2 Hard, 3 Good, 4 Easy); the optimizer should read it instead of `rating`.
   */
  grade?: 1 | 2 | 3 | 4;
  correct: boolean;
  reviewed_at: Date;
  /** Whole days since the previous review of this word (0 for its first review). */
  elapsed_days: number;
  /** Interval that was scheduled before this answer, in days. */
  scheduled_days: number;
  /** Time the learner took to answer, or null when unknown. */
  duration_ms: number | null;
  /** Memory state before the answer. */
  state: CardState;
  stability: number;
  difficulty: number;
  /** The scheduler's predicted recall probability at the moment of the answer. */
  retrievability: number;
}

export interface SchedulerParams {
  /** Target probability of recall when a word comes due (0.70–0.97). */
  desiredRetention?: number;
  /** FSRS-6 weights (21 numbers); defaults to ts-fsrs's. */
  weights?: readonly number[];
  /** Upper bound on an interval, in days. */
  maximumInterval?: number;
}
