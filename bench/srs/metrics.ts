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

/** One setting of a scheduler: the knowledge it kept and the review time it cost. */
export interface CostPoint {
  knowledge: number;
  /** Review time in seconds, first exposures excluded. */
  seconds: number;
  label?: string;
  /**
   * The scheduler variant the setting belongs to (e.g. Anki's SM-2 within the SM-2 family). A family's
   * settings are interpolated only within a variant; points without one form a single variant.
   */
  variant?: string;
}

/**
 * The best a swept scheduler (or family of schedulers) can do: its points sorted by knowledge, keeping only
 * those no other point beats (at least as much knowledge for less time). Each setting is its own point, so
 * comparing envelopes compares best setting against best setting.
 */
export function lowerEnvelope(points: readonly CostPoint[]): CostPoint[] {
  const sorted = points
    .filter((p) => Number.isFinite(p.knowledge) && Number.isFinite(p.seconds))
    .sort((a, b) => a.knowledge - b.knowledge || a.seconds - b.seconds);
  const envelope: CostPoint[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const point = sorted[i]!;
    if (envelope.length === 0 || point.seconds < envelope[0]!.seconds) envelope.unshift(point);
  }
  return envelope;
}

/**
 * Review time an envelope needs to reach `knowledge`: interpolated linearly in log(seconds) between the
 * two points around it. NaN outside the envelope's range: no extrapolation either way.
 */
export function timeToReach(envelope: readonly CostPoint[], knowledge: number): number {
  if (envelope.length === 0) return Number.NaN;
  const first = envelope[0]!;
  const last = envelope[envelope.length - 1]!;
  if (knowledge < first.knowledge || knowledge > last.knowledge) return Number.NaN;
  if (knowledge === first.knowledge) return first.seconds;
  for (let i = 1; i < envelope.length; i++) {
    const a = envelope[i - 1]!;
    const b = envelope[i]!;
    if (knowledge <= b.knowledge) {
      const t = (knowledge - a.knowledge) / (b.knowledge - a.knowledge);
      if (a.seconds <= 0 || b.seconds <= 0) return a.seconds + t * (b.seconds - a.seconds);
      return Math.exp(Math.log(a.seconds) + t * (Math.log(b.seconds) - Math.log(a.seconds)));
    }
  }
  return last.seconds;
}

export interface RatioPoint {
  knowledge: number;
  ours: number;
  baseline: number;
  /** ours ÷ baseline: below 1, ours needs less review time for the same knowledge. */
  ratio: number;
}

export interface CurveComparison {
  /** Knowledge range both envelopes reach (null when they do not overlap: no comparison is made). */
  range: readonly [number, number] | null;
  /** Each envelope's own knowledge range, so a curve that stops early is visible. */
  oursRange: readonly [number, number] | null;
  baselineRange: readonly [number, number] | null;
  points: RatioPoint[];
  geometricMean: number;
  worst: number;
}

/**
 * A family's curve: the lower envelope of each variant's own settings. Interpolating between two settings of
 * one variant stands for the settings between them (a desired retention of 0.92 between 0.90 and 0.95); there
 * is no setting between two variants, so the family's time at a knowledge level is the least of its
 * variants' times there (`familyTimeToReach`), never a chord from one variant's point to another's.
 */
export function variantEnvelopes(points: readonly CostPoint[]): CostPoint[][] {
  const byVariant = new Map<string | undefined, CostPoint[]>();
  for (const p of points) {
    const list = byVariant.get(p.variant) ?? [];
    list.push(p);
    byVariant.set(p.variant, list);
  }
  return [...byVariant.values()].map(lowerEnvelope).filter((e) => e.length > 0);
}

/** The least review time any of a family's variants needs to reach `knowledge` (NaN where none reaches it). */
export function familyTimeToReach(envelopes: readonly CostPoint[][], knowledge: number): number {
  let best = Number.NaN;
  for (const envelope of envelopes) {
    const t = timeToReach(envelope, knowledge);
    if (Number.isFinite(t) && !(t >= best)) best = t;
  }
  return best;
}

function familyRange(envelopes: readonly CostPoint[][]): [number, number] | null {
  const ranges = envelopes.map(rangeOf).filter((r): r is [number, number] => r !== null);
  if (ranges.length === 0) return null;
  return [Math.min(...ranges.map((r) => r[0])), Math.max(...ranges.map((r) => r[1]))];
}

function rangeOf(envelope: readonly CostPoint[]): [number, number] | null {
  return envelope.length === 0
    ? null
    : [envelope[0]!.knowledge, envelope[envelope.length - 1]!.knowledge];
}

/**
 * The headline comparison: review time at equal knowledge. Each family is reduced to its variants' lower
 * envelopes (`variantEnvelopes`); the ratio ours ÷ baseline is taken at `steps` evenly spaced knowledge
 * levels across the range both reach (nothing outside it is compared, dropped or counted as infinite; a level
 * in a gap between a family's variants makes the summary NaN rather than being skipped), and summarised by
 * its geometric mean and its worst point.
 */
export function compareCurves(
  ours: readonly CostPoint[],
  baseline: readonly CostPoint[],
  steps = 5,
): CurveComparison {
  const a = variantEnvelopes(ours);
  const b = variantEnvelopes(baseline);
  const ra = familyRange(a);
  const rb = familyRange(b);
  const empty = {
    range: null,
    oursRange: ra,
    baselineRange: rb,
    points: [],
    geometricMean: Number.NaN,
    worst: Number.NaN,
  };
  if (!ra || !rb) return empty;
  const lo = Math.max(ra[0], rb[0]);
  const hi = Math.min(ra[1], rb[1]);
  if (hi < lo) return empty;
  const n = hi === lo ? 1 : Math.max(2, steps);
  const points: RatioPoint[] = [];
  for (let i = 0; i < n; i++) {
    const knowledge = n === 1 ? lo : lo + ((hi - lo) * i) / (n - 1);
    const o = familyTimeToReach(a, knowledge);
    const base = familyTimeToReach(b, knowledge);
    points.push({ knowledge, ours: o, baseline: base, ratio: o / base });
  }
  const complete = points.every((p) => Number.isFinite(p.ratio) && p.ratio > 0);
  return {
    range: [lo, hi],
    oursRange: ra,
    baselineRange: rb,
    points,
    geometricMean: complete ? geometricMean(points.map((p) => p.ratio)) : Number.NaN,
    worst: complete ? Math.max(...points.map((p) => p.ratio)) : Number.NaN,
  };
}
