import { createAnkiSm2 } from './schedulers/anki-sm2.ts';
import { createFsrs } from './schedulers/fsrs.ts';
import { createMemrise } from './schedulers/memrise.ts';
import { createSm2 } from './schedulers/sm2.ts';
import type { Scheduler } from './schedulers/types.ts';

/** Interval baselines (swept over an interval modifier) and FSRS policies (swept over desired retention). */
export type PolicyKind =
  'spec-sm2' | 'orig-sm2' | 'anki-sm2' | 'memrise' | 'fsrs' | 'fsrs-fit' | 'ours';

export interface PolicySpec {
  kind: PolicyKind;
  /** Interval modifier for the interval baselines, desired retention for the FSRS policies. */
  value: number;
}

export const SM2_FAMILY: readonly PolicyKind[] = ['spec-sm2', 'orig-sm2', 'anki-sm2'];
export const INTERVAL_BASELINES: readonly PolicyKind[] = [...SM2_FAMILY, 'memrise'];

export const POLICY_LABELS: Record<PolicyKind, string> = {
  'spec-sm2': "Spec's SM-2 (q=3/q=1)",
  'orig-sm2': 'Original SM-2 (q=4/q=1)',
  'anki-sm2': "Anki's SM-2 (Good/Again)",
  memrise: 'Memrise ladder',
  fsrs: 'FSRS-6, default parameters',
  'fsrs-fit': 'FSRS-6, refitted every 30 days (always adopted)',
  ours: 'Verba: FSRS-6 + validated per-learner refit',
};

export function policyName(spec: PolicySpec): string {
  return INTERVAL_BASELINES.includes(spec.kind)
    ? `${spec.kind} ×${spec.value}`
    : `${spec.kind} DR${spec.value.toFixed(2)}`;
}

export function createPolicy(spec: PolicySpec, words: number, refitEveryDays: number): Scheduler {
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
    case 'fsrs-fit':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        fitting: 'always',
        refitEveryDays,
      });
    case 'ours':
      return createFsrs(name, words, {
        desiredRetention: spec.value,
        fitting: 'validated',
        refitEveryDays,
      });
  }
}
