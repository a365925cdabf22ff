import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { computeYearPolicy } from './year-policy.ts';

// A short study keeps the backward induction small; the rules do not depend on its length.
const DAYS = 60;

describe('computeYearPolicy (the bound study’s best schedule for a study of known length)', () => {
  it('never reviews when review time outweighs any recall', () => {
    const policy = computeYearPolicy(default_w, 1e6, DAYS);
    for (const s of [0.3, 2, 20, 200])
      for (const d of [1, 5, 10])
        for (const left of [1, 10, 59]) expect(policy.interval(s, d, left)).toBe(Infinity);
  });

  it('reviews a young word when time is free, and stops at the end of the study', () => {
    const policy = computeYearPolicy(default_w, 0, DAYS);
    const t = policy.interval(1, 5, 59);
    expect(t).toBeGreaterThanOrEqual(1);
    expect(t).toBeLessThan(59);
    expect(policy.interval(1, 5, 0)).toBe(Infinity);
  });

  it('gives up on reviews near the end that it makes earlier on', () => {
    const policy = computeYearPolicy(default_w, 0.5, DAYS);
    expect(Number.isFinite(policy.interval(2, 5, 59))).toBe(true);
    expect(policy.interval(2, 5, 2)).toBe(Infinity);
  });

  it('schedules within the days left, and the same inputs give the same schedule', () => {
    const a = computeYearPolicy(default_w, 0.25, DAYS);
    const b = computeYearPolicy(default_w, 0.25, DAYS);
    for (const s of [0.5, 3, 15, 80])
      for (const d of [2, 6, 9])
        for (const left of [1, 7, 30, 59]) {
          const t = a.interval(s, d, left);
          expect(t).toBe(b.interval(s, d, left));
          if (Number.isFinite(t)) expect(t).toBeLessThan(left);
        }
  });
});
