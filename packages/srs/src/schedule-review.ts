import { Rating } from 'ts-fsrs';
import { toFsrsCard } from './card.ts';
import { MS_PER_DAY } from './constants.ts';
import { engineFor, resolveParams } from './fsrs-engine.ts';
import { fuzzedInterval } from './fuzz.ts';
import type { ReviewGrade } from './grading.ts';
import { policyInterval, type RetentionPolicyTable } from './retention-policy.ts';
import { buildReviewLogEntry } from './review-log.ts';
import type { CardState, ReviewLogEntry, SchedulerParams, SrsCard } from './types.ts';

export interface ScheduleReviewInput {
  card: SrsCard;
  correct: boolean;
  now: Date;
  params?: SchedulerParams;
  durationMs?: number | null;
  /**
   * The word's grade from the session's evidence (`gradeFromDrills`). When given, FSRS updates the memory
   * state with it (Hard and Easy included); `correct` still decides repetitions and the success rate.
   */
  grade?: ReviewGrade | null;
  /**
   * A per-state retention policy (`computeRetentionPolicy`) computed for the same weights as `params`.
   * When given, the next interval aims at the policy's retention for the new memory state instead of the
   * desired retention.
   */
  policy?: RetentionPolicyTable | null;
  /**
   * The scheduler's source of chance, as `now` is its clock: when given, the new interval is spread
   * within FSRS's fuzz range (`fuzzRange`) so that words learned together do not stay due
   * together; without it the interval is FSRS's exact one.
   */
  random?: (() => number) | null;
}

export interface ScheduleReviewResult {
  card: SrsCard;
  log: ReviewLogEntry;
}

const GRADE_TO_RATING = {
  1: Rating.Again,
  2: Rating.Hard,
  3: Rating.Good,
  4: Rating.Easy,
} as const;

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
 * Pure: the clock is `now`, chance is `random`, nothing is read or written elsewhere, and the same
 * input gives the same output.
 */
export function scheduleReview(input: ScheduleReviewInput): ScheduleReviewResult {
  const { card, correct, now } = input;
  const resolved = resolveParams(input.params);
  const engine = engineFor(resolved);
  const before = toFsrsCard(card);
  const elapsed = card.last_review ? elapsedDaysBetween(card.last_review, now) : 0;
  const predicted = retrievability(card, now, input.params);
  const grade: ReviewGrade = input.grade ?? (correct ? 3 : 1);
  const next = engine.next(before, now, GRADE_TO_RATING[grade]).card;
  // ts-fsrs keeps Good at least a day past Hard, which lowers retention below the target on short intervals;
  // the interval here is the one FSRS aims for, whatever the grade.
  const aimed = input.policy
    ? policyInterval(input.policy, next.stability, next.difficulty, resolved.maximumInterval)
    : engine.next_interval(next.stability, elapsed);
  const interval = input.random ? fuzzedInterval(aimed, input.random) : aimed;

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
  // Set on the entry rather than spread into a copy: a spread copy of it is kept in a slower,
  // larger form, twice the memory when an import replays a hundred thousand answers.
  if (input.grade != null) log.grade = grade;
  return { card: updated, log };
}
