import { FSRSAlgorithm, forgetting_curve } from 'ts-fsrs';
import {
  DEFAULT_MAXIMUM_INTERVAL_DAYS,
  DEFAULT_POLICY_LAMBDA,
  DEFAULT_WEIGHTS,
} from './constants.ts';

/**
 * Per-state retention (MARC-style): instead of one desired retention for every word, the target recall at
 * the next review is chosen for each memory state (stability, difficulty) so as to maximise a word's total
 * expected recall (in word-days) minus λ × its review time (in seconds), by value iteration on the learner's
 * FSRS-6 model under pass/fail answers. The chosen retention is clamped to a safe range, so a memory model
 * that is wrong about a learner cannot schedule them into forgetting most of their words.
 *
 * The table is a pure function of its options (no randomness, no clock): compute it once per learner
 * parameters (e.g. after an adopted refit), store it with `serializeRetentionPolicy`, and read it back with
 * `parseRetentionPolicy`.
 */
export interface RetentionPolicyOptions {
  /** Seconds of review time worth one word-day of recall. Higher λ: fewer reviews, lower retention. */
  lambda: number;
  /** FSRS-6 weights of the learner (21 numbers); defaults to FSRS-6's. */
  weights?: readonly number[];
  /** Lowest and highest retention the policy may choose. */
  minRetention?: number;
  maxRetention?: number;
  /** Time scale of the objective: recall t days ahead is weighted by exp(−t / horizonDays). */
  horizonDays?: number;
  /** Seconds a passed and a failed review take (fsrs-rs's simulator defaults). */
  passSeconds?: number;
  failSeconds?: number;
  maximumInterval?: number;
}

export interface RetentionPolicyTable {
  version: 1;
  lambda: number;
  minRetention: number;
  maxRetention: number;
  horizonDays: number;
  passSeconds: number;
  failSeconds: number;
  maximumInterval: number;
  weights: number[];
  /** Grid: natural logarithm of stability (days), evenly spaced; difficulty 1..10 evenly spaced. */
  logStability: { min: number; max: number; steps: number };
  difficulty: { min: number; max: number; steps: number };
  /** Chosen retention per grid point, row-major by stability then difficulty. */
  retention: number[];
}

export const DEFAULT_POLICY_MIN_RETENTION = 0.75;
export const DEFAULT_POLICY_MAX_RETENTION = 0.97;
/**
 * Five years: a word is learned for the long run. A one-year horizon discounted the recall that a review's
 * stability gain brings after the first year, and chose targets that cost more review time at equal
 * knowledge in every world of the benchmark (docs/decisions/001).
 */
export const DEFAULT_POLICY_HORIZON_DAYS = 1825;
export const DEFAULT_PASS_SECONDS = 7.33;
export const DEFAULT_FAIL_SECONDS = 23.0;

const S_GRID = { min: Math.log(0.05), max: Math.log(36_500), steps: 96 };
const D_GRID = { min: 1, max: 10, steps: 19 };
const RETENTION_STEP = 0.01;
const MAX_SWEEPS = 400;

function gridValue(grid: { min: number; max: number; steps: number }, i: number): number {
  return grid.min + ((grid.max - grid.min) * i) / (grid.steps - 1);
}

/** Fractional grid position of x, clamped to the grid. */
function gridPosition(grid: { min: number; max: number; steps: number }, x: number): number {
  const t = ((x - grid.min) / (grid.max - grid.min)) * (grid.steps - 1);
  return Math.min(grid.steps - 1, Math.max(0, t));
}

function bilinear(values: ArrayLike<number>, nd: number, si: number, di: number): number {
  const s0 = Math.floor(si);
  const d0 = Math.floor(di);
  const s1 = Math.min(s0 + 1, values.length / nd - 1);
  const d1 = Math.min(d0 + 1, nd - 1);
  const fs = si - s0;
  const fd = di - d0;
  const a = values[s0 * nd + d0]! * (1 - fd) + values[s0 * nd + d1]! * fd;
  const b = values[s1 * nd + d0]! * (1 - fd) + values[s1 * nd + d1]! * fd;
  return a * (1 - fs) + b * fs;
}

/** Whole-day interval at which FSRS-6 predicts recall `retention` for stability `s`. */
export function intervalForRetention(
  weights: readonly number[],
  stability: number,
  retention: number,
  maximumInterval: number = DEFAULT_MAXIMUM_INTERVAL_DAYS,
): number {
  const decay = -weights[20]!;
  const factor = Math.pow(0.9, 1 / decay) - 1;
  const t = (stability / factor) * (Math.pow(retention, 1 / decay) - 1);
  return Math.min(maximumInterval, Math.max(1, Math.round(t)));
}

function resolveOptions(options: RetentionPolicyOptions) {
  const weights = [...(options.weights ?? DEFAULT_WEIGHTS)];
  if (weights.length !== 21 || !weights.every(Number.isFinite)) {
    throw new RangeError('weights must be 21 finite FSRS-6 parameters');
  }
  const minRetention = options.minRetention ?? DEFAULT_POLICY_MIN_RETENTION;
  const maxRetention = options.maxRetention ?? DEFAULT_POLICY_MAX_RETENTION;
  if (!(minRetention >= 0.5 && maxRetention <= 0.99 && minRetention <= maxRetention)) {
    throw new RangeError(
      `retention range must lie within 0.50..0.99, got ${minRetention}..${maxRetention}`,
    );
  }
  if (!(options.lambda >= 0 && Number.isFinite(options.lambda))) {
    throw new RangeError(`lambda must be a finite number ≥ 0, got ${options.lambda}`);
  }
  return {
    lambda: options.lambda,
    weights,
    minRetention,
    maxRetention,
    horizonDays: options.horizonDays ?? DEFAULT_POLICY_HORIZON_DAYS,
    passSeconds: options.passSeconds ?? DEFAULT_PASS_SECONDS,
    failSeconds: options.failSeconds ?? DEFAULT_FAIL_SECONDS,
    maximumInterval: options.maximumInterval ?? DEFAULT_MAXIMUM_INTERVAL_DAYS,
  };
}

/** Discounted recall over an interval: ∫₀ᵗ exp(−τ/H) R(τ) dτ (Simpson's rule). */
function discountedRecall(weights: number[], s: number, t: number, horizon: number): number {
  const n = 32;
  const h = t / n;
  let sum = 0;
  for (let k = 0; k <= n; k++) {
    const tau = k * h;
    const f = Math.exp(-tau / horizon) * forgetting_curve(weights, tau, s);
    sum += (k === 0 || k === n ? 1 : k % 2 === 1 ? 4 : 2) * f;
  }
  return (sum * h) / 3;
}

type Resolved = ReturnType<typeof resolveOptions>;

/** Everything but the value function: each (state, retention choice)'s interval outcome on the grid. */
interface Model {
  choices: number[];
  ns: number;
  nd: number;
  nc: number;
  recall: Float64Array;
  seconds: Float64Array;
  discount: Float64Array;
  pPass: Float64Array;
  passS: Float64Array;
  passD: Float64Array;
  failS: Float64Array;
  failD: Float64Array;
}

const models = new Map<string, Model>();

function buildModel(o: Resolved): Model {
  const key = JSON.stringify([
    o.weights,
    o.minRetention,
    o.maxRetention,
    o.horizonDays,
    o.passSeconds,
    o.failSeconds,
    o.maximumInterval,
  ]);
  const cached = models.get(key);
  if (cached) return cached;
  const algorithm = new FSRSAlgorithm({ w: o.weights, enable_short_term: true });
  const ns = S_GRID.steps;
  const nd = D_GRID.steps;
  const choices: number[] = [];
  for (let r = o.maxRetention; r >= o.minRetention - 1e-9; r -= RETENTION_STEP) {
    choices.push(Math.round(r * 1e4) / 1e4);
  }
  const nc = choices.length;
  const size = ns * nd * nc;
  const m: Model = {
    choices,
    ns,
    nd,
    nc,
    recall: new Float64Array(size),
    seconds: new Float64Array(size),
    discount: new Float64Array(size),
    pPass: new Float64Array(size),
    passS: new Float64Array(size),
    passD: new Float64Array(size),
    failS: new Float64Array(size),
    failD: new Float64Array(size),
  };
  for (let i = 0; i < ns; i++) {
    const s = Math.exp(gridValue(S_GRID, i));
    for (let j = 0; j < nd; j++) {
      const d = gridValue(D_GRID, j);
      let lastInterval = -1;
      for (let c = 0; c < nc; c++) {
        const k = (i * nd + j) * nc + c;
        const t = intervalForRetention(o.weights, s, choices[c]!, o.maximumInterval);
        if (t === lastInterval) {
          // Same whole-day interval as the previous (higher) retention: same outcome, never preferred.
          m.recall[k] = Number.NaN;
          continue;
        }
        lastInterval = t;
        const r = forgetting_curve(o.weights, t, s);
        const pass = algorithm.next_state({ stability: s, difficulty: d }, t, 3, r);
        const fail = algorithm.next_state({ stability: s, difficulty: d }, t, 1, r);
        const g = Math.exp(-t / o.horizonDays);
        m.recall[k] = discountedRecall(o.weights, s, t, o.horizonDays);
        m.seconds[k] = g * (r * o.passSeconds + (1 - r) * o.failSeconds);
        m.discount[k] = g;
        m.pPass[k] = r;
        m.passS[k] = gridPosition(S_GRID, Math.log(pass.stability));
        m.passD[k] = gridPosition(D_GRID, pass.difficulty);
        m.failS[k] = gridPosition(S_GRID, Math.log(fail.stability));
        m.failD[k] = gridPosition(D_GRID, fail.difficulty);
      }
    }
  }
  if (models.size > 8) models.clear();
  models.set(key, m);
  return m;
}

function next(m: Model, k: number, value: Float64Array): number {
  const p = m.pPass[k]!;
  return (
    m.discount[k]! *
    (p * bilinear(value, m.nd, m.passS[k]!, m.passD[k]!) +
      (1 - p) * bilinear(value, m.nd, m.failS[k]!, m.failD[k]!))
  );
}

/**
 * Computes the per-state retention table for one learner's parameters and one λ. Deterministic: the same
 * options always give the same table. Takes a fraction of a second.
 *
 * The grid's interpolation weights are transition probabilities, so value iteration solves a finite
 * Markov decision problem exactly; for it, a higher λ never increases the expected review time from any
 * state (the Lagrangian argument), although the retention of an individual low-stability state may rise
 * when lapses, and the relearning they bring, become the dominant cost.
 */
export function computeRetentionPolicy(options: RetentionPolicyOptions): RetentionPolicyTable {
  const o = resolveOptions(options);
  const m = buildModel(o);
  const { ns, nd, nc } = m;
  // Value iteration, Gauss–Seidel from the most stable states down (successes move up the grid).
  const value = new Float64Array(ns * nd);
  const best = new Int32Array(ns * nd);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let change = 0;
    for (let i = ns - 1; i >= 0; i--) {
      for (let j = 0; j < nd; j++) {
        let top = Number.NEGATIVE_INFINITY;
        let arg = 0;
        for (let c = 0; c < nc; c++) {
          const k = (i * nd + j) * nc + c;
          if (Number.isNaN(m.recall[k]!)) continue;
          const q = m.recall[k]! - o.lambda * m.seconds[k]! + next(m, k, value);
          // Ties keep the higher retention (earlier choice): the safer schedule.
          if (q > top + 1e-12) {
            top = q;
            arg = c;
          }
        }
        const idx = i * nd + j;
        change = Math.max(change, Math.abs(top - value[idx]!));
        value[idx] = top;
        best[idx] = arg;
      }
    }
    if (change < 1e-9) break;
  }
  return {
    version: 1,
    lambda: o.lambda,
    minRetention: o.minRetention,
    maxRetention: o.maxRetention,
    horizonDays: o.horizonDays,
    passSeconds: o.passSeconds,
    failSeconds: o.failSeconds,
    maximumInterval: o.maximumInterval,
    weights: o.weights,
    logStability: { ...S_GRID },
    difficulty: { ...D_GRID },
    retention: Array.from(best, (c) => m.choices[c]!),
  };
}

export interface PolicyOutcome {
  /** Discounted expected recall, in word-days. */
  recall: number;
  /** Discounted expected review time, in seconds. */
  reviewSeconds: number;
}

/**
 * What following a table is expected to give a word from each memory state, under the table's own model.
 * Returns a lookup by (stability, difficulty).
 */
export function evaluateRetentionPolicy(
  table: RetentionPolicyTable,
): (stability: number, difficulty: number) => PolicyOutcome {
  const o = resolveOptions(table);
  const m = buildModel(o);
  const { ns, nd, nc } = m;
  const pick = new Int32Array(ns * nd);
  for (let idx = 0; idx < ns * nd; idx++) {
    // The table's retention, or the highest one that gives the same interval.
    let c = Math.round((o.maxRetention - table.retention[idx]!) / RETENTION_STEP);
    c = Math.min(nc - 1, Math.max(0, c));
    while (c > 0 && Number.isNaN(m.recall[idx * nc + c]!)) c--;
    pick[idx] = c;
  }
  const recall = new Float64Array(ns * nd);
  const cost = new Float64Array(ns * nd);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let change = 0;
    for (let i = ns - 1; i >= 0; i--) {
      for (let j = 0; j < nd; j++) {
        const idx = i * nd + j;
        const k = idx * nc + pick[idx]!;
        const r = m.recall[k]! + next(m, k, recall);
        const c = m.seconds[k]! + next(m, k, cost);
        change = Math.max(change, Math.abs(r - recall[idx]!), Math.abs(c - cost[idx]!));
        recall[idx] = r;
        cost[idx] = c;
      }
    }
    if (change < 1e-9) break;
  }
  return (stability, difficulty) => {
    const si = gridPosition(S_GRID, Math.log(Math.max(1e-6, stability)));
    const di = gridPosition(D_GRID, difficulty);
    return { recall: bilinear(recall, nd, si, di), reviewSeconds: bilinear(cost, nd, si, di) };
  };
}

/** The retention the policy targets for a word in this memory state (bilinear between grid points). */
export function policyRetention(
  table: RetentionPolicyTable,
  stability: number,
  difficulty: number,
): number {
  const si = gridPosition(table.logStability, Math.log(Math.max(1e-6, stability)));
  const di = gridPosition(table.difficulty, difficulty);
  const r = bilinear(table.retention, table.difficulty.steps, si, di);
  return Math.min(table.maxRetention, Math.max(table.minRetention, r));
}

/** Whole-day interval the policy gives a word whose memory state (after the answer) is this. */
export function policyInterval(
  table: RetentionPolicyTable,
  stability: number,
  difficulty: number,
  maximumInterval: number = table.maximumInterval,
): number {
  return intervalForRetention(
    table.weights,
    stability,
    policyRetention(table, stability, difficulty),
    maximumInterval,
  );
}

export function serializeRetentionPolicy(table: RetentionPolicyTable): string {
  return JSON.stringify(table);
}

/** Reads a stored table back, checking its shape; throws on anything that is not one. */
export function parseRetentionPolicy(text: string): RetentionPolicyTable {
  const value = JSON.parse(text) as Partial<RetentionPolicyTable> | null;
  const grid = (g: unknown) =>
    typeof g === 'object' &&
    g !== null &&
    ['min', 'max', 'steps'].every((k) => Number.isFinite((g as Record<string, unknown>)[k]));
  if (
    !value ||
    value.version !== 1 ||
    !Array.isArray(value.weights) ||
    value.weights.length !== 21 ||
    // JSON turns a NaN or an infinity into null, which would make every interval NaN.
    !value.weights.every((w) => typeof w === 'number' && Number.isFinite(w)) ||
    !grid(value.logStability) ||
    !grid(value.difficulty) ||
    !Array.isArray(value.retention) ||
    value.retention.length !== value.logStability!.steps * value.difficulty!.steps ||
    !value.retention.every((r) => typeof r === 'number' && r > 0 && r < 1) ||
    ![
      value.lambda,
      value.minRetention,
      value.maxRetention,
      value.horizonDays,
      value.passSeconds,
      value.failSeconds,
      value.maximumInterval,
    ].every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new TypeError('not a retention policy table');
  }
  return value as RetentionPolicyTable;
}

let defaultTable: RetentionPolicyTable | null = null;

/**
 * The product's default policy: λ = `DEFAULT_POLICY_LAMBDA`, retention 0.75–0.97, FSRS-6's default
 * parameters (docs/decisions/001). Computed on first use and shared; treat it as read-only.
 */
export function defaultRetentionPolicy(): RetentionPolicyTable {
  defaultTable ??= computeRetentionPolicy({ lambda: DEFAULT_POLICY_LAMBDA });
  return defaultTable;
}
