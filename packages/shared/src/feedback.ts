/** Feedback a learner sends from the profile (spec §5 "Feedback", §9). */
export const FEEDBACK_TYPES = ['bug', 'feature', 'general'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

export const FEEDBACK_LIMITS = {
  /** Characters, after trimming. */
  messageMin: 10,
  messageMax: 1000,
  ratingMin: 1,
  ratingMax: 5,
} as const;
