import { Rating } from 'ts-fsrs';
import { toFsrsCard } from './card.ts';
import { MS_PER_DAY } from './constants.ts';
import { engineFor, resolveParams } from './fsrs-engine.ts';
import { buildReviewLogEntry } from './review-log.ts';
import type { CardState, ReviewLogEntry, SchedulerParams, SrsCard } from './types.ts';

export interface ScheduleReviewInput {
  card: SrsCard;
  correct: boolean;
  now: Date;
  params?: SchedulerParams;
  durationMs?: number | null;
}

export interface ScheduleReviewResult {
  card: SrsCard;
  log: ReviewLogEntry;
}

/** Whole days between two instants, as FSRS counts them (calendar days in UTC). */
export function elapsedDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const b = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  return Math.max(0, Math.round((b - a) / MS_PER_DAY));
}

/** Probability that the learner recalls the word at `now` under the given parameters (0 for a new word). */
export function retrievability(card: SrsCard, now: Date, params?: SchedulerParams): number {
  if (card.state === 0 || card.last_review === null) return 0;
  return engineFor(resolveParams(params)).get_retrievability(toFsrsCard(card), now, false);
}

/**
 * Applies one answer (correct → Good, incorrect → Again) and returns the new card and its log row.
 * Pure: the clock is `now`, nothing is read or written elsewhere, and the same input gives the same output.
 */
export function scheduleReview(input: ScheduleReviewInput): ScheduleReviewResult {
  const { card, correct, now } = input;
  const resolved = resolveParams(input.params);
  const engine = engineFor(resolved);
  const before = toFsrsCard(card);
  const elapsed = card.last_review ? elapsedDaysBetween(card.last_review, now) : 0;
  const predicted = retrievability(card, now, input.params);
  const next = engine.next(before, now, correct ? Rating.Good : Rating.Again).card;
  // ts-fsrs keeps Good at least a day past Hard, which lowers retention below the target on short intervals;
  // with only two outcomes there is no Hard to stay clear of, so the interval is the one FSRS aims for.
  const interval = engine.next_interval(next.stability, elapsed);

  const total = card.total_reviews + 1;
  const correctCount = card.correct_reviews + (correct ? 1 : 0);
  const updated: SrsCard = {
    interval,
    next_review_date: new Date(now.getTime() + interval * MS_PER_DAY),
    repetitions: correct ? card.repetitions + 1 : 0,
    total_reviews: total,
    correct_reviews: correctCount,
    success_rate: correctCount / total,
    ease_factor: card.ease_factor,
    stability: next.stability,
    difficulty: next.difficulty,
    state: next.state as CardState,
    lapses: next.lapses,
    last_review: new Date(now.getTime()),
    learning_steps: next.learning_steps,
  };
  const log = buildReviewLogEntry({
    correct,
    reviewedAt: now,
    elapsedDays: elapsed,
    scheduledDays: card.interval,
    durationMs: input.durationMs ?? null,
    state: card.state,
    stability: card.stability,
    difficulty: card.difficulty,
    retrievability: predicted,
  });
  return { card: updated, log };
}
