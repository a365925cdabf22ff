import { describe, expect, it } from 'vitest';
import { dayCellLabel, durationText, retentionPercent } from './stats.ts';

describe('progress texts', () => {
  it("names a calendar day's reviews", () => {
    expect(dayCellLabel('2026-11-24', 12)).toBe('12 reviews on 2026-11-24');
    expect(dayCellLabel('2026-11-24', 1)).toBe('1 review on 2026-11-24');
    expect(dayCellLabel('2026-11-24', 0)).toBe('No reviews on 2026-11-24');
  });

  it('gives retention as a percent only from 20 reviews', () => {
    expect(retentionPercent({ reviews: 19, correct: 19 })).toBeNull();
    expect(retentionPercent({ reviews: 20, correct: 17 })).toBe(85);
    expect(retentionPercent({ reviews: 0, correct: 0 })).toBeNull();
  });

  it('says a duration in the unit that reads well', () => {
    expect(durationText(0.25)).toBe('6 hours');
    expect(durationText(1)).toBe('1 day');
    expect(durationText(45)).toBe('45 days');
    expect(durationText(120)).toBe('4 months');
    expect(durationText(800)).toBe('2 years');
  });
});
