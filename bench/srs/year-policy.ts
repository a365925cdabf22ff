import { FSRSAlgorithm, forgetting_curve } from 'ts-fsrs';
import { reviewCost } from './costs.ts';

/**
 * The best schedule for the benchmark's own objective, for a scheduler that reads the learner's TRUE
 * FSRS-6 memory state: a study tool, not a product policy. For each state (stability, difficulty) and
 * number of days left in the simulated year, the interval to the next review (or no further review)
 * that maximises a word's recall summed over the year's remaining days minus λ × its review seconds,
 * with the benchmark's costs, by backward induction over the days. A word's knowledge and review time
 * add up across words, so sweeping λ traces about the lowest review time any schedule can pay for each
 * level of knowledge: the grid, whole days, skipped study days and the daily review cap (which it
 * ignores) can only make the schedule it gives do slightly worse than the exact optimum.
 */
export interface YearPolicy {
  /** Days from today to the next review, or `Infinity` for no further review within the year. */
  interval(stability: number, difficulty: number, daysLeft: number): number;
}

const S_MIN = Math.log(0.05);
const S_MAX = Math.log(36_500);
const NS = 160;
const D_MIN = 1;
const D_MAX = 10;
const ND = 19;

/** Candidate intervals: every day up to a month, then steps of about 6 %. */
function candidateIntervals(days: number): number[] {
  const out: number[] = [];
  for (let t = 1; t <= Math.min(30, days); t++) out.push(t);
  let t = 30;
  while (true) {
    t = Math.max(t + 1, Math.round(t * 1.06));
    if (t >= days) break;
    out.push(t);
  }
  return out;
}

const sAt = (i: number) => S_MIN + ((S_MAX - S_MIN) * i) / (NS - 1);
const dAt = (j: number) => D_MIN + ((D_MAX - D_MIN) * j) / (ND - 1);
const sPos = (s: number) =>
  Math.min(NS - 1, Math.max(0, ((Math.log(s) - S_MIN) / (S_MAX - S_MIN)) * (NS - 1)));
const dPos = (d: number) =>
  Math.min(ND - 1, Math.max(0, ((d - D_MIN) / (D_MAX - D_MIN)) * (ND - 1)));

function bilinear(v: Float64Array, base: number, si: number, di: number): number {
  const s0 = Math.floor(si);
  const d0 = Math.floor(di);
  const s1 = Math.min(s0 + 1, NS - 1);
  const d1 = Math.min(d0 + 1, ND - 1);
  const fs = si - s0;
  const fd = di - d0;
  const a = v[base + s0 * ND + d0]! * (1 - fd) + v[base + s0 * ND + d1]! * fd;
  const b = v[base + s1 * ND + d0]! * (1 - fd) + v[base + s1 * ND + d1]! * fd;
  return a * (1 - fs) + b * fs;
}

export function computeYearPolicy(
  weights: readonly number[],
  lambda: number,
  days: number,
): YearPolicy {
  const w = [...weights];
  const algorithm = new FSRSAlgorithm({ w, enable_short_term: true });
  const choices = candidateIntervals(days);
  const nc = choices.length;
  const states = NS * ND;
  // Recall summed over days 1..t after a review, per stability grid point.
  const cumulative = new Float64Array(NS * (days + 1));
  for (let i = 0; i < NS; i++) {
    const s = Math.exp(sAt(i));
    let sum = 0;
    for (let t = 1; t <= days; t++) {
      sum += forgetting_curve(w, t, s);
      cumulative[i * (days + 1) + t] = sum;
    }
  }
  const pPass = new Float64Array(states * nc);
  const passS = new Float64Array(states * nc);
  const passD = new Float64Array(states * nc);
  const failS = new Float64Array(states * nc);
  const failD = new Float64Array(states * nc);
  for (let i = 0; i < NS; i++) {
    const s = Math.exp(sAt(i));
    for (let j = 0; j < ND; j++) {
      const d = dAt(j);
      for (let c = 0; c < nc; c++) {
        const t = choices[c]!;
        const k = (i * ND + j) * nc + c;
        const r = forgetting_curve(w, t, s);
        const pass = algorithm.next_state({ stability: s, difficulty: d }, t, 3, r);
        const fail = algorithm.next_state({ stability: s, difficulty: d }, t, 1, r);
        pPass[k] = r;
        passS[k] = sPos(pass.stability);
        passD[k] = dPos(pass.difficulty);
        failS[k] = sPos(fail.stability);
        failD[k] = dPos(fail.difficulty);
      }
    }
  }
  // value[τ]: best value from a state just reviewed with τ days of the year left; choice −1: no review.
  const value = new Float64Array((days + 1) * states);
  const choice = new Int16Array((days + 1) * states).fill(-1);
  const pass = reviewCost(3);
  const fail = reviewCost(1);
  for (let left = 1; left <= days; left++) {
    for (let i = 0; i < NS; i++) {
      const stop = cumulative[i * (days + 1) + left]!;
      for (let j = 0; j < ND; j++) {
        let top = stop;
        let arg = -1;
        for (let c = 0; c < nc; c++) {
          const t = choices[c]!;
          // A review on the study's last day costs time and adds no recall to count.
          if (t >= left) break;
          const k = (i * ND + j) * nc + c;
          const p = pPass[k]!;
          const base = (left - t) * states;
          const q =
            cumulative[i * (days + 1) + t]! -
            lambda * (p * pass + (1 - p) * fail) +
            p * bilinear(value, base, passS[k]!, passD[k]!) +
            (1 - p) * bilinear(value, base, failS[k]!, failD[k]!);
          if (q > top) {
            top = q;
            arg = c;
          }
        }
        value[left * states + i * ND + j] = top;
        choice[left * states + i * ND + j] = arg;
      }
    }
  }
  return {
    interval(stability, difficulty, daysLeft) {
      const left = Math.min(days, Math.max(0, Math.floor(daysLeft)));
      if (left === 0) return Number.POSITIVE_INFINITY;
      const si = sPos(stability);
      const i = Math.round(si);
      const j = Math.round(dPos(difficulty));
      const c = choice[left * states + i * ND + j]!;
      if (c < 0) return Number.POSITIVE_INFINITY;
      // The grid point's interval, scaled to the word's own stability (an interval at a given recall
      // target is proportional to stability).
      const t = Math.max(1, Math.round((choices[c]! * stability) / Math.exp(sAt(i))));
      return t >= left ? Number.POSITIVE_INFINITY : t;
    },
  };
}
