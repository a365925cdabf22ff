import { z } from 'zod';
import { FEEDBACK_LIMITS, FEEDBACK_TYPES } from './feedback.ts';
import { VALIDATION } from './messages.ts';
import { text } from './text.schema.ts';

/**
 * Spec §5 "Feedback": type required, message 10–1000 characters after trimming, rating optional,
 * integer-like, 1 to 5. The messages are the spec's.
 */
export const feedbackInputSchema = z
  .object({
    feedbackType: z.enum(FEEDBACK_TYPES, { error: VALIDATION.feedbackTypeRequired }),
    message: text({ error: VALIDATION.feedbackTooShort, multiline: true })
      .min(FEEDBACK_LIMITS.messageMin, VALIDATION.feedbackTooShort)
      .max(FEEDBACK_LIMITS.messageMax, VALIDATION.feedbackTooLong),
    rating: z
      .union([z.number(), z.string().regex(/^\s*\d+\s*$/, 'Rating must be a whole number')])
      .transform(Number)
      .pipe(
        z
          .number()
          .int('Rating must be a whole number')
          .min(FEEDBACK_LIMITS.ratingMin, 'Rating must be between 1 and 5')
          .max(FEEDBACK_LIMITS.ratingMax, 'Rating must be between 1 and 5'),
      )
      .nullish(),
  })
  .strict();
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackSchema = z.object({
  id: z.string(),
  feedbackType: z.enum(FEEDBACK_TYPES),
  message: z.string(),
  rating: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
