import { VALIDATION } from './messages.ts';

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

/** Feedback texts and toasts (spec §8), verbatim. */
export const FEEDBACK_TEXT = {
  button: 'Send Feedback',
  title: 'Send Feedback',
  description: 'Tell us what works, what does not, and what you would like to see.',
  typeLabel: 'Type',
  messageLabel: 'Message',
  ratingLabel: 'Rating (optional)',
  submit: 'Submit',
  submitting: 'Sending...',
  cancel: 'Cancel',
  typeLabels: { bug: 'Bug report', feature: 'Feature request', general: 'General feedback' },
  successTitle: 'Thank you!',
  successDescription: 'Your feedback has been submitted successfully.',
  failureTitle: 'Error',
  failureDescription: 'Failed to submit feedback. Please try again.',
  notSignedIn: 'You must be logged in to submit feedback',
} as const;

/** Feedback each learner may send, on the server. */
export const FEEDBACK_RATE_LIMIT = { max: 10, windowSeconds: 3600 } as const;

/**
 * The first problem with a feedback form, in the spec's words (§5), or null when it can be sent.
 * Plain code, so the form's page does not load the schema library; the server checks the same
 * rules with `feedbackInputSchema`.
 */
export function feedbackProblem(input: {
  feedbackType: string | null | undefined;
  message: string;
  rating?: number | null | undefined;
}): string | null {
  if (!(FEEDBACK_TYPES as readonly unknown[]).includes(input.feedbackType)) {
    return VALIDATION.feedbackTypeRequired;
  }
  const length = input.message.trim().length;
  if (length < FEEDBACK_LIMITS.messageMin) return VALIDATION.feedbackTooShort;
  if (length > FEEDBACK_LIMITS.messageMax) return VALIDATION.feedbackTooLong;
  const { rating } = input;
  if (
    rating !== null &&
    rating !== undefined &&
    !(
      Number.isInteger(rating) &&
      rating >= FEEDBACK_LIMITS.ratingMin &&
      rating <= FEEDBACK_LIMITS.ratingMax
    )
  ) {
    return 'Rating must be between 1 and 5';
  }
  return null;
}
