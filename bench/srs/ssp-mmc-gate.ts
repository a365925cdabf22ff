import { FSRSAlgorithm, default_w } from 'ts-fsrs';
import {
  FIRST_RATING_PROB,
  REVIEW_RATING_PROB,
  learnCost,
  reviewCost,
  type Rating4,
} from './costs.ts';
import { createRng, pick } from './rng.ts';

/**
 * Re-creates the published SSP-MMC-FSRS simulation (10,000 cards, 10 new a day, 1,825 days, four grades,
 * fsrs-rs costs, the FSRS memory model as ground truth and the policies reading its true state) to check
 * that our simulator reproduces its figures: memorized words per study hour for fixed desired retention
 * 0.70 (published 28.3) and Anki's SM-2 (published 19.0).
 */
export interface GateSimOptions {
  weights?: readonly number[];
  deck?: number;
  days?: number;
  newPerDay?: number;
  /**
   * The study's retirement rule (default true): intervals are cut so that a Good answer lifts stability
   * past 25 years, after which the card is never reviewed. Without it, every card keeps being scheduled.
   */
  retire?: boolean;
  seed: number;
}

export interface GateSimResult {
  policy: string;
  memorizedAverage: number;
  reviewsPerDay: number;
  minutesPerDay: number;
  memorizedPerHour: number;
}

/** Parameters of the published SSP-MMC-FSRS run (its config's DEFAULT_W), used to re-create its setting exactly. */
export const STUDY_WEIGHTS: readonly number[] = [
  0.4002, 0.1813, 0.6958, 3.1337, 6.6154, 0.565, 2.999, 0.0759, 1.568, 0.248, 0.4816, 1.7469,
  0.0247, 0.5986, 1.8441, 0.4189, 1.81, 0.5784, 0.1924, 0.0658, 0.4444,
];

/** Stability beyond which a card counts as known for good and is no longer scheduled (the study's S_max, 25 years). */
const S_MAX = 365 * 25;

type Policy = (
  s: number,
  d: number,
  prevInterval: number,
  rating: Rating4,
  ease: number,
) => [interval: number, ease: number];

function makeHelpers(w: readonly number[], retire = true) {
  const decay = -w[20]!;
  const factor = Math.pow(0.9, 1 / decay) - 1;
  // Longest interval whose Good answer still lifts stability past S_max, so cards can retire there.
  const intervalToRetire = (s: number, d: number) => {
    const c = Math.exp(w[8]!) * (11 - d) * Math.pow(s, -w[9]!);
    const r = Math.max(0.01, 1 - Math.log(((S_MAX + 1e-3) / s - 1) / c + 1) / w[10]!);
    return Math.max(1, Math.ceil((s / factor) * (Math.pow(r, 1 / decay) - 1)));
  };
  const retireAware = (s: number, d: number, interval: number) =>
    !retire ? interval : s > S_MAX ? 1e9 : Math.min(interval, intervalToRetire(s, d));
  return { decay, factor, retireAware };
}

export function desiredRetentionPolicy(
  w: readonly number[],
  retention: number,
  retire = true,
): Policy {
  const { decay, factor, retireAware } = makeHelpers(w, retire);
  return (s, d, _prev, _rating, ease) => {
    const base = Math.max(1, Math.floor((s / factor) * (Math.pow(retention, 1 / decay) - 1)));
    return [retireAware(s, d, base), ease];
  };
}

/** Anki's SM-2 with default deck options, as the study models it (learning steps end the same day). */
export function ankiSm2Policy(w: readonly number[]): Policy {
  const { retireAware } = makeHelpers(w);
  return (s, d, prev, rating, ease) => {
    const newEase = Math.min(
      5.5,
      Math.max(
        1.3,
        rating === 1 ? ease - 0.2 : rating === 2 ? ease - 0.15 : rating === 4 ? ease + 0.15 : ease,
      ),
    );
    let interval: number;
    if (prev === 0) interval = rating < 4 ? 1 : 4;
    else if (rating === 1) interval = 0;
    else if (rating === 2) interval = Math.max(prev * 1.2, (prev * 1.2) / 2);
    else if (rating === 3) interval = Math.max(prev * newEase, prev);
    else interval = Math.max(prev * newEase, prev) * 1.3;
    return [retireAware(s, d, Math.max(1, interval)), newEase];
  };
}

export function runGateSimulation(
  name: string,
  policyFor: (w: readonly number[]) => Policy,
  options: GateSimOptions,
): GateSimResult {
  const w = [...(options.weights ?? default_w)];
  const deck = options.deck ?? 10_000;
  const days = options.days ?? 1825;
  const newPerDay = options.newPerDay ?? 10;
  const policy = policyFor(w);
  const algorithm = new FSRSAlgorithm({ w, enable_short_term: true });
  const { decay, factor } = makeHelpers(w);
  const rng = createRng(options.seed);
  const s = new Float64Array(deck);
  const d = new Float64Array(deck);
  const last = new Float64Array(deck);
  const due = new Float64Array(deck).fill(Number.POSITIVE_INFINITY);
  const interval = new Float64Array(deck);
  const ease = new Float64Array(deck).fill(2.5);
  let learned = 0;
  let reviews = 0;
  let seconds = 0;
  let memorizedSum = 0;
  let cumulativeHoursSum = 0;
  for (let today = 0; today < days; today++) {
    for (let i = 0; i < learned; i++) {
      const r = Math.pow(1 + (factor * (today - last[i]!)) / s[i]!, decay);
      memorizedSum += r;
      if (due[i]! > today) continue;
      const rating: Rating4 =
        rng.next() > r ? 1 : ((pick(REVIEW_RATING_PROB, rng.next()) + 2) as Rating4);
      seconds += reviewCost(rating);
      reviews++;
      const next = algorithm.next_state(
        { stability: s[i]!, difficulty: d[i]! },
        today - last[i]!,
        rating,
        r,
      );
      s[i] = next.stability;
      d[i] = next.difficulty;
      const [ivl, e] = policy(s[i]!, d[i]!, interval[i]!, rating, ease[i]!);
      interval[i] = ivl;
      ease[i] = e;
      last[i] = today;
      due[i] = today + ivl;
    }
    for (let k = 0; k < newPerDay && learned < deck; k++) {
      const i = learned++;
      const rating = (pick(FIRST_RATING_PROB, rng.next()) + 1) as Rating4;
      seconds += learnCost(rating);
      const init = algorithm.next_state(null, 0, rating);
      s[i] = init.stability;
      d[i] = init.difficulty;
      const [ivl, e] = policy(s[i]!, d[i]!, 0, rating, 2.5);
      interval[i] = ivl;
      ease[i] = e;
      last[i] = today;
      due[i] = today + ivl;
    }
    cumulativeHoursSum += seconds / 3600;
  }
  const memorizedAverage = memorizedSum / days;
  return {
    policy: name,
    memorizedAverage,
    reviewsPerDay: reviews / days,
    minutesPerDay: seconds / 60 / days,
    memorizedPerHour: memorizedAverage / (cumulativeHoursSum / days),
  };
}
