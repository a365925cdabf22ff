import type { Prediction } from './simulate.ts';

const clampP = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** Mean binary cross-entropy of predictions against outcomes. */
export function logLoss(
  items: readonly Prediction[],
  pick: (p: Prediction) => number = (p) => p.predicted,
): number {
  if (items.length === 0) return Number.NaN;
  let sum = 0;
  for (const item of items) {
    const p = clampP(pick(item));
    sum -= item.correct ? Math.log(p) : Math.log(1 - p);
  }
  return sum / items.length;
}

/**
 * Calibration error: predictions grouped into 20 equal-width bins; the root of the count-weighted mean
 * squared gap between each bin's mean prediction and its observed pass rate.
 */
export function rmseBins(
  items: readonly Prediction[],
  pick: (p: Prediction) => number = (p) => p.predicted,
  bins = 20,
): number {
  if (items.length === 0) return Number.NaN;
  const n = new Float64Array(bins);
  const sumP = new Float64Array(bins);
  const sumY = new Float64Array(bins);
  for (const item of items) {
    const p = pick(item);
    const b = Math.min(bins - 1, Math.max(0, Math.floor(p * bins)));
    n[b]! += 1;
    sumP[b]! += p;
    sumY[b]! += item.correct ? 1 : 0;
  }
  let sq = 0;
  for (let b = 0; b < bins; b++) {
    if (n[b]! === 0) continue;
    const gap = sumP[b]! / n[b]! - sumY[b]! / n[b]!;
    sq += n[b]! * gap * gap;
  }
  return Math.sqrt(sq / items.length);
}

/** Area under the ROC curve (probability a recalled review is ranked above a forgotten one; ties count half). */
export function auc(
  items: readonly Prediction[],
  pick: (p: Prediction) => number = (p) => p.predicted,
): number {
  const sorted = items
    .map((item) => ({ p: pick(item), y: item.correct }))
    .sort((a, b) => a.p - b.p);
  let pos = 0;
  let neg = 0;
  let rankSum = 0;
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j < sorted.length && sorted[j]!.p === sorted[i]!.p) j++;
    const avgRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if (sorted[k]!.y) {
        pos++;
        rankSum += avgRank;
      } else neg++;
    }
    i = j;
  }
  if (pos === 0 || neg === 0) return Number.NaN;
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

export interface Summary {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** Mean and normal-approximation 95 % interval over learners and seeds. */
export function summarize(values: readonly number[]): Summary {
  const xs = values.filter((v) => Number.isFinite(v));
  const n = xs.length;
  if (n === 0) return { mean: Number.NaN, low: Number.NaN, high: Number.NaN, n: 0 };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n === 1) return { mean, low: mean, high: mean, n };
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  const half = (1.96 * sd) / Math.sqrt(n);
  return { mean, low: mean - half, high: mean + half, n };
}

export function geometricMean(values: readonly number[]): number {
  const xs = values.filter((v) => Number.isFinite(v) && v > 0);
  if (xs.length === 0) return Number.NaN;
  return Math.exp(xs.reduce((a, b) => a + Math.log(b), 0) / xs.length);
}

export interface CurvePoint {
  knowledge: number;
  reviews: number;
}

/**
 * Reviews a policy curve needs to reach `knowledge`: linear interpolation of log(reviews) between the two
 * curve points that bracket it, after keeping only the points no other point dominates. Below the curve's
 * cheapest point its cost is that point's (an upper bound); above its best point it is Infinity (not reached).
 */
export function reviewsToReach(curve: readonly CurvePoint[], knowledge: number): number {
  const sorted = [...curve].sort((a, b) => a.knowledge - b.knowledge);
  // Pareto frontier: as knowledge rises, reviews must rise too.
  const frontier: CurvePoint[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const point = sorted[i]!;
    if (frontier.length === 0 || point.reviews < frontier[0]!.reviews) frontier.unshift(point);
  }
  if (frontier.length === 0) return Number.NaN;
  const first = frontier[0]!;
  const last = frontier[frontier.length - 1]!;
  if (knowledge <= first.knowledge) return first.reviews;
  if (knowledge > last.knowledge) return Number.POSITIVE_INFINITY;
  for (let i = 1; i < frontier.length; i++) {
    const a = frontier[i - 1]!;
    const b = frontier[i]!;
    if (knowledge <= b.knowledge) {
      const t = (knowledge - a.knowledge) / (b.knowledge - a.knowledge);
      return Math.exp(Math.log(a.reviews) + t * (Math.log(b.reviews) - Math.log(a.reviews)));
    }
  }
  return last.reviews;
}

/** Frontier ratio at one baseline point: our reviews to reach its knowledge over its reviews (below 1 is better). */
export function frontierRatio(ours: readonly CurvePoint[], baseline: CurvePoint): number {
  return reviewsToReach(ours, baseline.knowledge) / baseline.reviews;
}
