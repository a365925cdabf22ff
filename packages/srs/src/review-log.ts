import type { CardState, ReviewLogEntry, ReviewRating } from './types.ts';

export function ratingFor(correct: boolean): ReviewRating {
  return correct ? 3 : 1;
}

export interface ReviewLogInput {
  correct: boolean;
  reviewedAt: Date;
  elapsedDays: number;
  scheduledDays: number;
  durationMs?: number | null;
  state: CardState;
  stability: number;
  difficulty: number;
  retrievability: number;
}

/** The review-log row for one answer (what the practice flow appends and the optimizer reads). */
export function buildReviewLogEntry(input: ReviewLogInput): ReviewLogEntry {
  const duration = input.durationMs ?? null;
  return {
    rating: ratingFor(input.correct),
    correct: input.correct,
    reviewed_at: new Date(input.reviewedAt.getTime()),
    elapsed_days: Math.max(0, Math.round(input.elapsedDays)),
    scheduled_days: input.scheduledDays,
    // A negative or absurd duration is a client clock problem, not a measurement: drop it.
    duration_ms:
      duration !== null && Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null,
    state: input.state,
    stability: input.stability,
    difficulty: input.difficulty,
    retrievability: input.retrievability,
  };
}
