import { fsrs, generatorParameters, type FSRS } from 'ts-fsrs';
import {
  DEFAULT_DESIRED_RETENTION,
  DEFAULT_MAXIMUM_INTERVAL_DAYS,
  DEFAULT_WEIGHTS,
  MAX_DESIRED_RETENTION,
  MIN_DESIRED_RETENTION,
} from './constants.ts';
import type { SchedulerParams } from './types.ts';

export interface ResolvedParams {
  desiredRetention: number;
  weights: readonly number[];
  maximumInterval: number;
}

// Parameter objects and weight arrays are treated as immutable: checking and keying them once per
// object keeps the per-answer cost low when the same parameters are reused for many answers.
const resolved = new WeakMap<SchedulerParams, ResolvedParams>();
const weightKeys = new WeakMap<readonly number[], string>();

export function resolveParams(params: SchedulerParams = {}): ResolvedParams {
  const cached = resolved.get(params);
  if (cached) return cached;
  const result = resolveUncached(params);
  resolved.set(params, result);
  return result;
}

function resolveUncached(params: SchedulerParams): ResolvedParams {
  const desiredRetention = params.desiredRetention ?? DEFAULT_DESIRED_RETENTION;
  if (!(desiredRetention >= MIN_DESIRED_RETENTION && desiredRetention <= MAX_DESIRED_RETENTION)) {
    throw new RangeError(
      `desiredRetention must be within ${MIN_DESIRED_RETENTION}..${MAX_DESIRED_RETENTION}, got ${desiredRetention}`,
    );
  }
  const weights = params.weights ?? DEFAULT_WEIGHTS;
  if (weights.length !== 21 || !weights.every(Number.isFinite)) {
    throw new RangeError('weights must be 21 finite FSRS-6 parameters');
  }
  return {
    desiredRetention,
    weights,
    maximumInterval: params.maximumInterval ?? DEFAULT_MAXIMUM_INTERVAL_DAYS,
  };
}

// Building a ts-fsrs instance is far costlier than one review, and the server (and the benchmark)
// reuse a handful of parameter sets, so instances are memoised by value. Bounded to stay small.
const engines = new Map<string, FSRS>();
const MAX_ENGINES = 256;

export function engineFor(params: ResolvedParams): FSRS {
  let weightKey = weightKeys.get(params.weights);
  if (weightKey === undefined) {
    weightKey = params.weights.join(',');
    weightKeys.set(params.weights, weightKey);
  }
  const key = `${params.desiredRetention}|${params.maximumInterval}|${weightKey}`;
  let engine = engines.get(key);
  if (!engine) {
    engine = fsrs(
      generatorParameters({
        request_retention: params.desiredRetention,
        maximum_interval: params.maximumInterval,
        w: [...params.weights],
        // Deterministic: the same history always yields the same schedule.
        enable_fuzz: false,
        enable_short_term: true,
        // Practice happens at most once a day per word, so every answer schedules whole days
        // and FSRS itself picks the first intervals.
        learning_steps: [],
        relearning_steps: [],
      }),
    );
    if (engines.size >= MAX_ENGINES) engines.clear();
    engines.set(key, engine);
  }
  return engine;
}
