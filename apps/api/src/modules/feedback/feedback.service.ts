import { schema, type Database } from '@verba/db';
import type { feedbackInputSchema } from '@verba/shared';
import { FEEDBACK_RATE_LIMIT, type Feedback, type SessionUser } from '@verba/shared';
import type { z } from 'zod';
import { ApiError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';

type FeedbackValues = z.output<typeof feedbackInputSchema>;

/** Stores one piece of feedback (spec §7 "user_feedback"), within the learner's hourly budget. */
export async function submitFeedback(
  db: Database,
  user: SessionUser,
  input: FeedbackValues,
  now: Date,
): Promise<Feedback> {
  await consumeRateLimit(db, `feedback:user:${user.id}`, FEEDBACK_RATE_LIMIT, now);
  const [row] = await db
    .insert(schema.userFeedback)
    .values({
      userId: user.id,
      feedbackType: input.feedbackType,
      message: input.message,
      rating: input.rating ?? null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new ApiError('INTERNAL_ERROR', 'Could not save the feedback');
  return {
    id: row.id,
    feedbackType: input.feedbackType,
    message: row.message,
    rating: row.rating,
    createdAt: row.createdAt.toISOString(),
  };
}
