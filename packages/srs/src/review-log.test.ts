import { describe, expect, it } from 'vitest';
import { buildReviewLogEntry } from './review-log.ts';

const base = {
  reviewedAt: new Date('2026-01-05T10:00:00Z'),
  elapsedDays: 2.4,
  scheduledDays: 2,
  state: 2 as const,
  stability: 3,
  difficulty: 5,
  retrievability: 0.9,
};

describe('buildReviewLogEntry', () => {
  it('maps correct to Good and incorrect to Again', () => {
    expect(buildReviewLogEntry({ ...base, correct: true }).rating).toBe(3);
    expect(buildReviewLogEntry({ ...base, correct: false }).rating).toBe(1);
  });

  it('stores whole elapsed days and drops impossible durations', () => {
    expect(buildReviewLogEntry({ ...base, correct: true, durationMs: 3200.6 })).toMatchObject({
      elapsed_days: 2,
      duration_ms: 3201,
    });
    expect(buildReviewLogEntry({ ...base, correct: true, durationMs: -5 }).duration_ms).toBeNull();
    expect(
      buildReviewLogEntry({ ...base, correct: true, durationMs: Number.NaN }).duration_ms,
    ).toBeNull();
  });
});
