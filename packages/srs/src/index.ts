export { newCard } from './card.ts';
export {
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_EASE_FACTOR,
  DEFAULT_MAXIMUM_INTERVAL_DAYS,
  DEFAULT_POLICY_LAMBDA,
  DEFAULT_WEIGHTS,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
} from './constants.ts';
export { fitLearnerParameters } from './fit-parameters.ts';
export { fuzzedInterval, fuzzRange } from './fuzz.ts';
export type { FitInput, FitResult, FitReview, FitStatus } from './fit-parameters.ts';
export { isMastered, MASTERED_STABILITY_DAYS } from './maturity.ts';
export { buildReviewLogEntry, ratingFor } from './review-log.ts';
export type { ReviewLogInput } from './review-log.ts';
export { elapsedDaysBetween, retrievability, scheduleReview } from './schedule-review.ts';
export type { ScheduleReviewInput, ScheduleReviewResult } from './schedule-review.ts';
export type { CardState, ReviewLogEntry, ReviewRating, SchedulerParams, SrsCard } from './types.ts';
export { memoryStateFromHistory } from './memory-state.ts';
export type { MemoryState } from './memory-state.ts';
export { gradeFromDrills, isCorrectGrade } from './grading.ts';
export type { DrillEvidence, GradeOptions, ReviewGrade } from './grading.ts';
export {
  computeRetentionPolicy,
  DEFAULT_FAIL_SECONDS,
  DEFAULT_PASS_SECONDS,
  DEFAULT_POLICY_HORIZON_DAYS,
  DEFAULT_POLICY_MAX_RETENTION,
  DEFAULT_POLICY_MIN_RETENTION,
  defaultRetentionPolicy,
  evaluateRetentionPolicy,
  intervalForRetention,
  parseRetentionPolicy,
  policyInterval,
  policyRetention,
  serializeRetentionPolicy,
} from './retention-policy.ts';
export type {
  PolicyOutcome,
  RetentionPolicyOptions,
  RetentionPolicyTable,
} from './retention-policy.ts';
