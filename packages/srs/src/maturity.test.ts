import { describe, expect, it } from 'vitest';
import { isMastered } from './maturity.ts';

describe('isMastered', () => {
  it('needs 90 days of stability and a correct last answer', () => {
    expect(isMastered({ stability: 90, repetitions: 4, total_reviews: 6 })).toBe(true);
    expect(isMastered({ stability: 89.9, repetitions: 4, total_reviews: 6 })).toBe(false);
    expect(isMastered({ stability: 200, repetitions: 0, total_reviews: 6 })).toBe(false);
    expect(isMastered({ stability: 200, repetitions: 0, total_reviews: 0 })).toBe(false);
  });
});
