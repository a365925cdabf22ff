import { computeRetentionPolicy, policyInterval } from '@verba/srs';
import { recognisedIsHard } from './drills.ts';
import { FsrsLearner, type Learner } from './learners.ts';
import { createAnkiSm2 } from './schedulers/anki-sm2.ts';
import { createFsrs } from './schedulers/fsrs.ts';
import { createMemrise } from './schedulers/memrise.ts';
import { createSm2 } from './schedulers/sm2.ts';
import type { Scheduler } from './schedulers/types.ts';
import { STUDY_WEIGHTS } from './ssp-mmc-gate.ts';

/**
 * Interval baselines (swept over an interval modifier), fixed-retention FSRS (swept over desired
 * retention) and per-state retention policies (swept over λ).
 */
export type PolicyKind =
  | 'spec-sm2'
  | 'orig-sm2'
  | 'anki-sm2'
  | 'memrise'
  | 'fsrs'
  | 'fsrs-graded'
  | 'fsrs-graded-lapse'
  | 'fsrs-refit'
  | 'marc'
  | 'verba'
  | 'verba-refit'
  | 'verba-weighted'
  | 'verba-prob'
  | 'verba-true'
  | 'fsrs-published';

export interface PolicySpec {
  kind: PolicyKind;
  /** Interval modifier (interval baselines), desired retention (fixed-retention FSRS) or λ (per-state). */
  value: number;
}

/** Held-out log-loss improvement a per-state policy's refit needs before it is adopted. */
export const REFIT_MARGIN = 0.005;

export const SM2_FAMILY: readonly PolicyKind[] = ['spec-sm2', 'orig-sm2', 'anki-sm2'];
export const INTERVAL_BASELINES: readonly PolicyKind[] = [...SM2_FAMILY, 'memrise'];
/** Every fixed-retention FSRS variant: the best of them is the baseline to beat. */
export const FIXED_RETENTION: readonly PolicyKind[] = [
  'fsrs',
  'fsrs-graded',
  'fsrs-graded-lapse',
  'fsrs-refit',
];
export const PER_STATE: readonly PolicyKind[] = [
  'marc',
  'verba',
  'verba-refit',
  'verba-weighted',
  'verba-prob',
  'verba-true',
];
/** Per-state policies that read the drills another way than the product, and the one reading the truth. */
export const EVIDENCE_VARIANTS: readonly PolicyKind[] = ['verba-weighted', 'verba-prob'];

export const POLICY_LABELS: Record<PolicyKind, string> = {
  'spec-sm2': "Spec's SM-2 (q=3/q=1)",
  'orig-sm2': 'Original SM-2 (q=4/q=1)',
  'anki-sm2': "Anki's SM-2 (Good/Again)",
  memrise: 'Memrise ladder',
  fsrs: 'FSRS-6, fixed retention, right/wrong',
  'fsrs-graded':
    'FSRS-6, fixed retention, graded evidence (recognised but not recalled → Hard, the map it was defined with)',
  'fsrs-graded-lapse':
    "FSRS-6, fixed retention, graded evidence on the product's map (two or more recall drills all wrong → Again)",
  'fsrs-refit': 'FSRS-6, fixed retention, right/wrong, validated refit (the previous default)',
  marc: 'Per-state retention, right/wrong',
  verba: 'Per-state retention, graded evidence',
  'verba-refit': 'Per-state retention, graded evidence, validated refit (adopted above a margin)',
  'verba-weighted':
    'Per-state retention, grade weighted by drill strength (Hard or Again by the probability of recall the drills give)',
  'verba-prob':
    'Per-state retention, drills read as a probability of recall (Good and Again updates mixed)',
  'verba-true':
    "Per-state retention on the learner's TRUE memory state and parameters (FSRS worlds; no real scheduler can)",
  'fsrs-published':
    'FSRS-6, fixed retention, four grades, retired past 25 years (the published setup)',
};

export function policyName(spec: PolicySpec): string {
  if (INTERVAL_BASELINES.includes(spec.kind)) return `${spec.kind} ×${spec.value}`;
  if (PER_STATE.includes(spec.kind)) return `${spec.kind} λ${spec.value}`;
  return `${spec.kind} DR${spec.value.toFixed(2)}`;
}

/**
 * Verba's per-state policy reading the learner's true memory state and parameters instead of the
 * drills: what the product's policy would do if a session told it the memory state exactly.
 */
function trueStatePolicy(name: string, learner: Learner, lambda: number): Scheduler {
  if (!(learner instanceof FsrsLearner))
    throw new Error('the true-state policy needs an FSRS world (W1, W2)');
  const table = computeRetentionPolicy({ lambda, weights: learner.weights });
  return {
    name,
    review: (word, day) =>
      day + policyInterval(table, learner.stability(word), learner.difficulty(word)),
    predict: (word, day) => learner.recall(word, day),
  };
}

export function createPolicy(
  spec: PolicySpec,
  words: number,
  refitEveryDays: number,
  learner?: Learner,
): Scheduler {
  const name = policyName(spec);
  switch (spec.kind) {
    case 'spec-sm2':
      return createSm2(name, words, {
        correctQuality: 3,
        wrongQuality: 1,
        intervalModifier: spec.value,
      });
    case 'orig-sm2':
      return createSm2(name, words, {
        correctQuality: 4,
        wrongQuality: 1,
        intervalModifier: spec.value,
      });
    case 'anki-sm2':
      return createAnkiSm2(name, words, spec.value);
    case 'memrise':
      return createMemrise(name, words, spec.value);
    case 'fsrs':
      return createFsrs(name, words, { desiredRetention: spec.value, fitting: 'none' });
    case 'fsrs-graded':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        graded: true,
        gradeMap: recognisedIsHard,
        fitting: 'none',
      });
    case 'fsrs-graded-lapse':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        graded: true,
        fitting: 'none',
      });
    case 'fsrs-refit':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        fitting: 'validated',
        refitEveryDays,
      });
    case 'marc':
      return createFsrs(name, words, { lambda: spec.value, fitting: 'none' });
    case 'verba':
      return createFsrs(name, words, { lambda: spec.value, graded: true, fitting: 'none' });
    case 'verba-refit':
      return createFsrs(name, words, {
        lambda: spec.value,
        graded: true,
        fitting: 'validated',
        refitEveryDays,
        minLogLossImprovement: REFIT_MARGIN,
      });
    case 'verba-weighted':
      return createFsrs(name, words, {
        lambda: spec.value,
        graded: true,
        evidence: 'weighted',
        fitting: 'none',
      });
    case 'verba-prob':
      return createFsrs(name, words, {
        lambda: spec.value,
        graded: true,
        evidence: 'probability',
        fitting: 'none',
      });
    case 'verba-true':
      if (!learner) throw new Error('the true-state policy needs the learner');
      return trueStatePolicy(name, learner, spec.value);
    case 'fsrs-published':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        graded: true,
        fitting: 'none',
        retireAboveStability: 365 * 25,
        weights: STUDY_WEIGHTS,
      });
  }
}
