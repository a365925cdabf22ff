import type { WorldId } from './learners.ts';
import {
  compareCurves,
  summarize,
  type CostPoint,
  type CurveComparison,
  type Summary,
} from './metrics.ts';
import { policyName, type PolicyKind, type PolicySpec } from './policies.ts';
import type { TaskResult } from './run-task.ts';

export interface PolicySummary {
  world: WorldId;
  days: number;
  policy: PolicySpec;
  name: string;
  runs: number;
  knowledge: Summary;
  /** Knowledge and review minutes over the first year alone (the one-year metric). */
  yearOneKnowledge: Summary;
  yearOneReviewMinutes: Summary;
  recallAtReview: Summary;
  reviewsPerWord: Summary;
  reviewMinutes: Summary;
  studyMinutesPerDay: Summary;
  knowledgePerHour: Summary;
  recallD30: Summary;
  recallD90: Summary;
  recallD365: Summary;
  logLoss: Summary;
  logLossGap: Summary;
  rmseBins: Summary;
  auc: Summary;
}

export function summarizePolicies(
  results: readonly TaskResult[],
  world: WorldId,
  days: number,
  study: TaskResult['study'] = 'main',
): PolicySummary[] {
  const mine = results.filter(
    (r) => r.world === world && r.days === days && r.study === study && r.drillScale === '×1',
  );
  const byName = new Map<string, TaskResult[]>();
  for (const r of mine) {
    const list = byName.get(r.name) ?? [];
    list.push(r);
    byName.set(r.name, list);
  }
  return [...byName.values()].map((runs) => {
    const pick = (f: (r: TaskResult) => number) => summarize(runs.map(f));
    return {
      world,
      days,
      policy: runs[0]!.policy,
      name: runs[0]!.name,
      runs: runs.length,
      knowledge: pick((r) => r.meanKnowledge),
      yearOneKnowledge: pick((r) => r.yearOne.meanKnowledge),
      yearOneReviewMinutes: pick((r) => r.yearOne.reviewSeconds / 60),
      recallAtReview: pick((r) => r.recallAtReview),
      reviewsPerWord: pick((r) => r.reviewsPerWord),
      reviewMinutes: pick((r) => r.reviewSeconds / 60),
      studyMinutesPerDay: pick((r) => r.studyMinutesPerDay),
      knowledgePerHour: pick((r) => r.knowledgePerHour),
      recallD30: pick((r) => r.week1Recall.d30),
      recallD90: pick((r) => r.week1Recall.d90),
      recallD365: pick((r) => r.week1Recall.d365),
      logLoss: pick((r) => r.logLoss),
      logLossGap: pick((r) => r.logLoss - r.trueLogLoss),
      rmseBins: pick((r) => r.rmseBins),
      auc: pick((r) => r.auc),
    };
  });
}

/**
 * Which knowledge and review time a curve reads: 'two-year' (the headline: mean knowledge over the whole
 * study, words introduced in the first year only, reviews over both years) or 'year-one' (the first year
 * alone, the earlier headline, printed beside it).
 */
export type Metric = 'two-year' | 'year-one';

export const knowledgeOf = (r: TaskResult, metric: Metric) =>
  metric === 'year-one' ? r.yearOne.meanKnowledge : r.meanKnowledge;
export const secondsOf = (r: TaskResult, metric: Metric) =>
  metric === 'year-one' ? r.yearOne.reviewSeconds : r.reviewSeconds;

/**
 * A scheduler family's curve: one point per setting, the mean over the world's learners and seeds of its
 * knowledge and its review time (first exposures excluded). Every setting ran on the same learners and
 * seeds, so the means are paired.
 */
export function curveOf(
  results: readonly TaskResult[],
  world: WorldId,
  days: number,
  kinds: readonly PolicyKind[],
  study: TaskResult['study'] = 'main',
  drillScale = '×1',
  metric: Metric = 'two-year',
): CostPoint[] {
  const byName = new Map<string, TaskResult[]>();
  for (const r of results) {
    if (r.world !== world || r.days !== days || r.study !== study || r.drillScale !== drillScale)
      continue;
    if (!kinds.includes(r.policy.kind)) continue;
    const list = byName.get(r.name) ?? [];
    list.push(r);
    byName.set(r.name, list);
  }
  return [...byName.entries()].map(([label, runs]) => ({
    label,
    variant: runs[0]!.policy.kind,
    knowledge: runs.reduce((a, r) => a + knowledgeOf(r, metric), 0) / runs.length,
    seconds: runs.reduce((a, r) => a + secondsOf(r, metric), 0) / runs.length,
  }));
}

export interface HeadlineComparison extends CurveComparison {
  world: WorldId;
  days: number;
  metric: Metric;
  ours: string;
  against: string;
}

export function headline(
  results: readonly TaskResult[],
  world: WorldId,
  days: number,
  ours: readonly PolicyKind[],
  oursLabel: string,
  baseline: readonly PolicyKind[],
  against: string,
  study: TaskResult['study'] = 'main',
  drillScale = '×1',
  metric: Metric = 'two-year',
): HeadlineComparison {
  return {
    world,
    days,
    metric,
    ours: oursLabel,
    against,
    ...compareCurves(
      curveOf(results, world, days, ours, study, drillScale, metric),
      curveOf(results, world, days, baseline, study, drillScale, metric),
    ),
  };
}

export interface BudgetBest {
  world: WorldId;
  kind: PolicyKind;
  /** The kind's setting with the most mean knowledge under the budget, and that knowledge. */
  best: string;
  knowledge: number;
  minutesPerDay: number;
  wordsIntroduced: number;
  /** Mean true recall at the moment of a review, over the setting's runs. */
  recallAtReview: number;
}

/**
 * Best setting of each kind under the daily time budget, by mean knowledge over the world's runs; with
 * `minRecallAtReview`, only among the settings whose mean recall at review is at least that.
 */
export function budgetBest(
  results: readonly TaskResult[],
  world: WorldId,
  minRecallAtReview = 0,
): BudgetBest[] {
  const rows = results.filter((r) => r.study === 'budget' && r.world === world);
  const byName = new Map<string, TaskResult[]>();
  for (const r of rows) {
    const list = byName.get(r.name) ?? [];
    list.push(r);
    byName.set(r.name, list);
  }
  const bestByKind = new Map<PolicyKind, BudgetBest>();
  for (const [name, runs] of byName) {
    const mean = (f: (r: TaskResult) => number) => runs.reduce((a, r) => a + f(r), 0) / runs.length;
    const entry: BudgetBest = {
      world,
      kind: runs[0]!.policy.kind,
      best: name,
      knowledge: mean((r) => r.meanKnowledge),
      minutesPerDay: mean((r) => r.studyMinutesPerDay),
      wordsIntroduced: mean((r) => r.wordsIntroduced),
      recallAtReview: mean((r) => r.recallAtReview),
    };
    if (!(entry.recallAtReview >= minRecallAtReview)) continue;
    const current = bestByKind.get(entry.kind);
    if (!current || entry.knowledge > current.knowledge) bestByKind.set(entry.kind, entry);
  }
  return [...bestByKind.values()];
}

export function findSummary(
  summaries: readonly PolicySummary[],
  spec: PolicySpec,
): PolicySummary | undefined {
  const name = policyName(spec);
  return summaries.find((s) => s.name === name);
}
