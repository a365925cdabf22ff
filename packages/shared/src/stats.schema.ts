import { z } from 'zod';
import { PRACTICE_TYPES } from './practice.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

/** One local day of the calendar: reviews made, right answers, sessions and minutes completed. */
export const statsDaySchema = z.object({
  day,
  reviews: count,
  correct: count,
  minutes: count,
});
export type StatsDay = z.infer<typeof statsDaySchema>;

const retentionCellSchema = z.object({ reviews: count, correct: count });
export type RetentionCell = z.infer<typeof retentionCellSchema>;

/** Everything the Progress screen shows, in one answer (GET /api/stats). */
export const statsSchema = z.object({
  /** The learner's local day now, in `timeZone`. */
  today: day,
  timeZone: z.string(),
  /** The last 365 local days that have reviews or study time, oldest first. */
  days: z.array(statsDaySchema),
  /** Reviews in those days: the review log's count over the calendar's year. */
  totalReviews: count,
  streak: z.object({ current: count, longest: count }),
  /** Words due on each of the next 30 local days, today first with every overdue word. */
  forecast: z.array(z.object({ day, due: count })),
  /** Words whose review day has passed (before today): counted in today's bar too. */
  overdue: count,
  retention: z.object({
    /** The share of right answers the scheduler aims for. */
    target: z.number().min(0).max(1),
    periods: z.array(
      z.object({
        id: z.enum(['day', 'week', 'month', 'year']),
        young: retentionCellSchema,
        mature: retentionCellSchema,
      }),
    ),
  }),
  collection: z.object({
    total: count,
    byState: z.object({ new: count, learning: count, review: count, mastered: count }),
    /** CEFR levels A1…C2, then `null` for words without one; levels with no words left out. */
    byLevel: z.array(z.object({ level: z.string().nullable(), words: count })),
  }),
  memory: z.object({
    /** Words reviewed at least once: the ones with a memory to measure. */
    reviewed: count,
    /** Words per stability bucket (STABILITY_EDGES_DAYS). */
    stability: z.array(count),
    /** Words per tenth of difficulty, easiest first. */
    difficulty: z.array(count),
    /** Half the reviewed words last at least this long (days); null with none reviewed. */
    medianStabilityDays: z.number().nullable(),
    /** Mean difficulty, 0–100; null with none reviewed. */
    meanDifficultyPercent: z.number().nullable(),
  }),
});
export type Stats = z.infer<typeof statsSchema>;

/** One answer in a word's history (GET /api/stats/words/{id}). */
export const wordReviewSchema = z.object({
  id: z.string(),
  reviewedAt: z.string(),
  practiceType: z.enum(PRACTICE_TYPES),
  correct: z.boolean(),
  /** Days until the next review as the answer left it (the session's last answer sets it). */
  intervalAfterDays: z.number().nonnegative(),
});
export type WordReview = z.infer<typeof wordReviewSchema>;

export const wordHistorySchema = z.object({
  wordId: z.string(),
  /** Every review, newest first. */
  reviews: z.array(wordReviewSchema),
  /** Days; 0 before the first review. */
  stabilityDays: z.number(),
  /** 0–100; null before the first review. */
  difficultyPercent: z.number().nullable(),
  /** Predicted chance of recalling it now, 0–1; null before the first review. */
  recall: z.number().min(0).max(1).nullable(),
  nextReviewDate: z.string(),
});
export type WordHistory = z.infer<typeof wordHistorySchema>;
