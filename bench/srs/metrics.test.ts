import { describe, expect, it } from 'vitest';
import {
  auc,
  frontierRatio,
  geometricMean,
  logLoss,
  reviewsToReach,
  rmseBins,
  summarize,
} from './metrics.ts';

const item = (predicted: number, correct: boolean) => ({ predicted, truth: predicted, correct });

describe('prediction metrics', () => {
  it('log loss of a constant 0.5 is ln 2', () => {
    expect(logLoss([item(0.5, true), item(0.5, false)])).toBeCloseTo(Math.LN2, 10);
  });

  it('RMSE over bins is zero for calibrated bins and the gap otherwise', () => {
    expect(
      rmseBins([item(0.75, true), item(0.75, true), item(0.75, true), item(0.75, false)]),
    ).toBeCloseTo(0, 10);
    expect(rmseBins([item(0.9, false), item(0.9, false)])).toBeCloseTo(0.9, 10);
  });

  it('AUC is 1 for a perfect ranking, 0.5 for ties', () => {
    expect(auc([item(0.9, true), item(0.8, true), item(0.2, false)])).toBe(1);
    expect(auc([item(0.5, true), item(0.5, false)])).toBe(0.5);
  });
});

describe('frontier ratio', () => {
  const curve = [
    { knowledge: 700, reviews: 5000 },
    { knowledge: 800, reviews: 8000 },
    { knowledge: 900, reviews: 16000 },
  ];

  it('interpolates log(reviews) between curve points', () => {
    expect(reviewsToReach(curve, 800)).toBeCloseTo(8000, 6);
    expect(reviewsToReach(curve, 850)).toBeCloseTo(Math.sqrt(8000 * 16000), 6);
    expect(frontierRatio(curve, { knowledge: 800, reviews: 10000 })).toBeCloseTo(0.8, 10);
  });

  it('ignores dominated points, clamps below the curve and reports unreachable knowledge', () => {
    expect(reviewsToReach([...curve, { knowledge: 750, reviews: 9000 }], 750)).toBeCloseTo(
      Math.sqrt(5000 * 8000),
      6,
    );
    expect(reviewsToReach(curve, 600)).toBe(5000);
    expect(reviewsToReach(curve, 950)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('summaries', () => {
  it('gives the mean and a 95 % interval', () => {
    const s = summarize([1, 2, 3, 4]);
    expect(s.mean).toBe(2.5);
    expect(s.high - s.mean).toBeCloseTo((1.96 * Math.sqrt(5 / 3)) / 2, 10);
    expect(geometricMean([1, 4])).toBeCloseTo(2, 10);
  });
});
