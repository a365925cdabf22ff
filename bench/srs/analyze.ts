import type { WorldId } from './learners.ts';
import {
  frontierRatio,
  geometricMean,
  summarize,
  type CurvePoint,
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
  reviewsPerWord: Summary;
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

const learnerKey = (r: TaskResult) => `${r.learner}/${r.seed}`;

export function summarizePolicies(
  results: readonly TaskResult[],
  world: WorldId,
  days: number,
): PolicySummary[] {
  const mine = results.filter((r) => r.world === world && r.days === days);
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
      reviewsPerWord: pick((r) => r.reviewsPerWord),
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

export interface FrontierPoint {
  baseline: string;
  /** Geometric mean over learners of (our reviews to reach the baseline's knowledge) / (baseline's reviews). */
  ratio: number;
  /** Learners for which our curve did not reach the baseline's knowledge. */
  unreached: number;
}

export interface FrontierSummary {
  world: WorldId;
  days: number;
  against: string;
  geometricMean: number;
  worst: number;
  worstPoint: string;
  points: FrontierPoint[];
}

/**
 * Frontier ratios of `ours` (a curve over desired retention) against each point of the baseline kinds,
 * computed learner by learner (same learner, same seed) and combined by geometric mean.
 */
export function frontier(
  results: readonly TaskResult[],
  world: WorldId,
  days: number,
  ours: PolicyKind,
  baselines: readonly PolicyKind[],
  against: string,
): FrontierSummary {
  const mine = results.filter((r) => r.world === world && r.days === days);
  const curves = new Map<string, CurvePoint[]>();
  for (const r of mine.filter((r) => r.policy.kind === ours)) {
    const list = curves.get(learnerKey(r)) ?? [];
    list.push({ knowledge: r.meanKnowledge, reviews: r.answers });
    curves.set(learnerKey(r), list);
  }
  const byPoint = new Map<string, { ratios: number[]; unreached: number }>();
  for (const r of mine.filter((r) => baselines.includes(r.policy.kind))) {
    const curve = curves.get(learnerKey(r));
    if (!curve) continue;
    const entry = byPoint.get(r.name) ?? { ratios: [], unreached: 0 };
    const ratio = frontierRatio(curve, { knowledge: r.meanKnowledge, reviews: r.answers });
    if (Number.isFinite(ratio)) entry.ratios.push(ratio);
    else entry.unreached++;
    byPoint.set(r.name, entry);
  }
  const points: FrontierPoint[] = [...byPoint.entries()].map(([baseline, e]) => ({
    baseline,
    // A point our curve cannot reach counts as a loss (ratio +∞) rather than being dropped.
    ratio: e.unreached > 0 ? Number.POSITIVE_INFINITY : geometricMean(e.ratios),
    unreached: e.unreached,
  }));
  let worst = Number.NEGATIVE_INFINITY;
  let worstPoint = '';
  for (const p of points) {
    if (p.ratio > worst) {
      worst = p.ratio;
      worstPoint = p.baseline;
    }
  }
  return {
    world,
    days,
    against,
    geometricMean: geometricMean(points.map((p) => p.ratio).filter(Number.isFinite)),
    worst,
    worstPoint,
    points,
  };
}

export function findSummary(
  summaries: readonly PolicySummary[],
  spec: PolicySpec,
): PolicySummary | undefined {
  const name = policyName(spec);
  return summaries.find((s) => s.name === name);
}
