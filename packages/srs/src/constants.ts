import { default_w } from 'ts-fsrs';

/** Desired retention used when none is given; chosen by the scheduling benchmark (docs/decisions/001). */
export const DEFAULT_DESIRED_RETENTION = 0.9;
export const MIN_DESIRED_RETENTION = 0.7;
export const MAX_DESIRED_RETENTION = 0.97;
export const DEFAULT_MAXIMUM_INTERVAL_DAYS = 36_500;
/** Starting ease of the spec's SM-2, kept on every card for display and imports. */
export const DEFAULT_EASE_FACTOR = 2.5;
export const DEFAULT_WEIGHTS: readonly number[] = Object.freeze([...default_w]);
export const MS_PER_DAY = 86_400_000;
/**
 * λ of the per-state retention policy used when none is given (seconds of review worth one word-day of
 * recall); chosen by the scheduling benchmark (docs/decisions/001).
 */
export const DEFAULT_POLICY_LAMBDA = 0.5;
