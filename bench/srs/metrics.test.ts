import { describe, expect, it } from 'vitest';
import {
  auc,
  compareCurves,
  familyTimeToReach,
  geometricMean,
  logLoss,
  lowerEnvelope,
  rmseBins,
  summarize,
  timeToReach,
  variantEnvelopes,
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

describe('review time at equal knowledge', () => {
  // Hand-made curves: the baseline costs exactly twice ours at every knowledge level ours reaches.
  const ours = [
    { knowledge: 700, seconds: 5000 },
    { knowledge: 800, seconds: 8000 },
    { knowledge: 900, seconds: 16000 },
  ];
  const twice = ours.map((p) => ({ knowledge: p.knowledge, seconds: 2 * p.seconds }));

  it('interpolates log(time) between envelope points and keeps only undominated points', () => {
    const envelope = lowerEnvelope([...ours, { knowledge: 750, seconds: 9000 }]);
    expect(envelope.map((p) => p.knowledge)).toEqual([700, 800, 900]);
    expect(timeToReach(envelope, 850)).toBeCloseTo(Math.sqrt(8000 * 16000), 6);
    expect(timeToReach(envelope, 800)).toBe(8000);
    expect(Number.isNaN(timeToReach(envelope, 650))).toBe(true);
    expect(Number.isNaN(timeToReach(envelope, 950))).toBe(true);
  });

  it('gives the known ratio at every point and as the geometric mean', () => {
    const c = compareCurves(ours, twice, 5);
    expect(c.range).toEqual([700, 900]);
    expect(c.points.map((p) => p.knowledge)).toEqual([700, 750, 800, 850, 900]);
    for (const p of c.points) expect(p.ratio).toBeCloseTo(0.5, 10);
    expect(c.geometricMean).toBeCloseTo(0.5, 10);
    expect(c.worst).toBeCloseTo(0.5, 10);
  });

  it('compares only over the range both curves reach when one stops early', () => {
    const rising = [
      { knowledge: 600, seconds: 4000 },
      { knowledge: 800, seconds: 16000 },
    ];
    // The baseline stops at 800 (and starts below ours): only 700–800 is compared.
    const d = compareCurves(ours, rising, 3);
    expect(d.range).toEqual([700, 800]);
    expect(d.baselineRange).toEqual([600, 800]);
    expect(d.oursRange).toEqual([700, 900]);
    // Baseline at 700: √(4000 × 16000) = 8000 → 5000 / 8000; at 750: 16000^(3/4) × 4000^(1/4); at 800: 8000 / 16000.
    expect(d.points.map((p) => p.ratio)).toEqual([
      expect.closeTo(5000 / 8000, 10),
      expect.closeTo(Math.sqrt(5000 * 8000) / (4000 ** 0.25 * 16000 ** 0.75), 10),
      expect.closeTo(0.5, 10),
    ]);
    expect(d.geometricMean).toBeCloseTo(Math.cbrt(d.points.reduce((a, p) => a * p.ratio, 1)), 10);
    expect(d.worst).toBeCloseTo(0.625, 10);
  });

  it('interpolates a family only within each variant and takes the cheaper variant at each level', () => {
    // Variant a: 4,000 s at 700 words, 16,000 s at 900 (8,000 s at 800 on its own curve). Variant b's one
    // setting, 800 words for 9,000 s, beats no setting of a at its level, though no point dominates it: a
    // chord through it would put the family at 6,000 s at 750 words instead of a's own 4,000 × 4^¼.
    const family = [
      { knowledge: 700, seconds: 4000, variant: 'a' },
      { knowledge: 900, seconds: 16000, variant: 'a' },
      { knowledge: 800, seconds: 9000, variant: 'b' },
    ];
    const envelopes = variantEnvelopes(family);
    expect(envelopes.map((e) => e.map((p) => p.knowledge))).toEqual([[700, 900], [800]]);
    expect(familyTimeToReach(envelopes, 750)).toBeCloseTo(4000 * 4 ** 0.25, 6);
    expect(familyTimeToReach(envelopes, 800)).toBeCloseTo(8000, 6);
    expect(lowerEnvelope(family).map((p) => p.knowledge)).toEqual([700, 800, 900]);
    // Where the other variant is cheaper, it counts.
    const cheaper = [...family, { knowledge: 850, seconds: 9500, variant: 'b' }];
    expect(familyTimeToReach(variantEnvelopes(cheaper), 825)).toBeCloseTo(
      Math.sqrt(9000 * 9500),
      6,
    );
    const c = compareCurves(ours, family, 3);
    expect(c.range).toEqual([700, 900]);
    expect(c.points.map((p) => p.ratio)).toEqual([
      expect.closeTo(5000 / 4000, 10),
      expect.closeTo(1, 10),
      expect.closeTo(1, 10),
    ]);
  });

  it('gives no summary when a compared level falls between two variants that do not meet', () => {
    const split = [
      { knowledge: 700, seconds: 4000, variant: 'a' },
      { knowledge: 750, seconds: 5000, variant: 'a' },
      { knowledge: 850, seconds: 9000, variant: 'b' },
      { knowledge: 900, seconds: 12000, variant: 'b' },
    ];
    const c = compareCurves(ours, split, 5);
    expect(c.range).toEqual([700, 900]);
    expect(Number.isNaN(c.points[2]!.ratio)).toBe(true);
    expect(Number.isNaN(c.geometricMean)).toBe(true);
    expect(Number.isNaN(c.worst)).toBe(true);
  });

  it('makes no comparison when the curves do not overlap', () => {
    const c = compareCurves(ours, [{ knowledge: 950, seconds: 1 }]);
    expect(c.range).toBeNull();
    expect(c.points).toEqual([]);
    expect(Number.isNaN(c.geometricMean)).toBe(true);
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
