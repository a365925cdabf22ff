import { describe, expect, it } from 'vitest';
import { fuzzedInterval, fuzzRange } from './fuzz.ts';

describe('fuzz', () => {
  it('leaves intervals under 2.5 days as they are, and spreads longer ones around them', () => {
    expect(fuzzRange(1)).toEqual({ min: 1, max: 1 });
    expect(fuzzRange(2)).toEqual({ min: 2, max: 2 });
    for (const interval of [3, 10, 30, 365]) {
      const { min, max } = fuzzRange(interval);
      expect(min).toBeLessThan(interval);
      expect(max).toBeGreaterThan(interval);
    }
  });

  it('draws the interval from the range with the random number it is given', () => {
    const { min, max } = fuzzRange(30);
    expect(fuzzedInterval(30, () => 0)).toBe(min);
    expect(fuzzedInterval(30, () => 0.9999)).toBe(max);
    let draws = 0;
    expect(
      fuzzedInterval(2, () => {
        draws += 1;
        return 0.5;
      }),
    ).toBe(2);
    expect(draws).toBe(0);
  });
});
