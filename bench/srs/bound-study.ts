import { readFileSync as read } from 'node:fs';
import { computeRetentionPolicy, policyInterval } from '@verba/srs';
import type { BudgetBest, HeadlineComparison, PolicySummary } from './analyze.ts';
import { createLearner, FsrsLearner, type WorldId } from './learners.ts';
import {
  compareCurves,
  familyTimeToReach,
  geometricMean,
  variantEnvelopes,
  type CostPoint,
} from './metrics.ts';
import { createPolicy, FIXED_RETENTION, SM2_FAMILY, type PolicyKind } from './policies.ts';
import type { Scheduler } from './schedulers/types.ts';
import { DEFAULT_HABITS, simulate } from './simulate.ts';
import { computeYearPolicy, type YearPolicy } from './year-policy.ts';

/**
 * How low can the headline go? Schedulers that read the learner's TRUE memory state, which no real
 * scheduler can, run on the benchmark's learners and seeds (FSRS worlds only: the state is FSRS's) on the
 * two-year metric (words introduced in the first year, knowledge over both) and compared with the curves
 * of the last quick run (bench/results/srs-quick.json), or of the full run with `--full`:
 * - `state`: the product's per-state policy (`computeRetentionPolicy`, five-year horizon, retention
 *   0.75–0.97) on the learner's true weights and memory state; `state0.7` lets it go down to 0.70. This is
 *   what Verba's policy would reach if the drills told it the memory state exactly.
 * - `yearN`: the best schedule for the benchmark's own objective when the study lasts N days
 *   (`year-policy.ts`: recall summed over the rest of the study minus λ × review time, no retention bounds,
 *   and it may stop reviewing a word); `year730` knows the measured study ends on day 730.
 * - `recedeN`: every decision looks N days ahead, undiscounted (a stationary policy).
 * - `verba`: the product's scheduler itself, reading the drills (it reproduces the headline).
 * Each is swept over λ and compared with the baseline families at the knowledge levels where the headline
 * compares Verba, and over its own range; each point also prints the words still recalled 180 days after
 * the study with no further review, the memory a schedule leaves behind. `--budget` runs the
 * 10-minutes-a-day study instead. Every oracle is a schedule that can be run: what its kind reaches at
 * least, not a cap on what any schedule could do.
 * `npx tsx bench/srs/bound-study.ts W1 state,year730 [λ,…] [--budget] [--full]`
 */

const DAYS = 730;
/** New words only in the first year, as in the benchmark's two-year metric. */
const INTRODUCE_UNTIL = 365;
const LAMBDAS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
const BUDGET = process.argv.includes('--budget');

interface FullRun {
  summaries: PolicySummary[];
  headlines: HeadlineComparison[];
  budget: BudgetBest[];
}
interface Plan {
  horizons: { learners: Record<WorldId, number>; w1Seeds: number }[];
  budget: { learners: Record<WorldId, number> };
}
const resultsFile = process.argv.includes('--full')
  ? 'bench/results/srs-full.json'
  : 'bench/results/srs-quick.json';
const full = JSON.parse(read(resultsFile, 'utf8')) as FullRun & { plan: Plan };

const yearPolicies = new Map<string, YearPolicy>();
function yearPolicy(weights: readonly number[], lambda: number, days: number): YearPolicy {
  const key = `${lambda}|${days}|${weights.join(',')}`;
  let policy = yearPolicies.get(key);
  if (!policy) {
    policy = computeYearPolicy(weights, lambda, days);
    yearPolicies.set(key, policy);
  }
  return policy;
}

function schedulerFor(
  kind: string,
  learner: FsrsLearner,
  lambda: number,
  words: number,
): Scheduler {
  // The product's scheduler itself (reads the drills, not the true state), for the lasting-memory figures.
  if (kind === 'verba') return createPolicy({ kind: 'verba', value: lambda }, words, 30);
  let intervalOf: (s: number, d: number, day: number) => number;
  const n = Number(kind.replace(/^[a-z]+/, ''));
  if (kind.startsWith('state')) {
    const table = computeRetentionPolicy({
      lambda,
      weights: learner.weights,
      ...(n ? { minRetention: n } : {}),
    });
    intervalOf = (s, d) => policyInterval(table, s, d);
  } else if (kind.startsWith('year')) {
    const policy = yearPolicy(learner.weights, lambda, n);
    intervalOf = (s, d, day) => policy.interval(s, d, n - 1 - day);
  } else if (kind.startsWith('recede')) {
    const policy = yearPolicy(learner.weights, lambda, n);
    intervalOf = (s, d) => policy.interval(s, d, n);
  } else throw new Error(`unknown kind ${kind}`);
  return {
    name: `${kind} λ${lambda}`,
    review(word, day) {
      const t = intervalOf(learner.stability(word), learner.difficulty(word), day);
      return Number.isFinite(t) ? day + t : 1_000_000_000;
    },
    predict: (word, day) => learner.recall(word, day),
  };
}

/** The runs run.ts made for a world in the results read (W1's runs for each seed, W2's learners). */
function runsOf(world: WorldId): { learner: number; seed: number }[] {
  const out: { learner: number; seed: number }[] = [];
  if (BUDGET) {
    for (let i = 0; i < full.plan.budget.learners[world]; i++)
      out.push(world === 'W1' ? { learner: 0, seed: i + 1 } : { learner: i, seed: 1 });
    return out;
  }
  const horizon = full.plan.horizons[0]!;
  for (let seed = 1; seed <= (world === 'W1' ? horizon.w1Seeds : 1); seed++)
    for (let learner = 0; learner < horizon.learners[world]; learner++) out.push({ learner, seed });
  return out;
}

/** Days after the measured year at which the memory it leaves is read, with no further review. */
const AFTER_DAYS = 180;

async function point(
  world: WorldId,
  kind: string,
  lambda: number,
): Promise<CostPoint & { lasting: number }> {
  const words = BUDGET ? 6000 : 1000;
  let knowledge = 0;
  let seconds = 0;
  let lasting = 0;
  const runs = runsOf(world);
  for (const { learner, seed } of runs) {
    const truth = createLearner(world, learner, seed, words);
    if (!(truth instanceof FsrsLearner)) throw new Error('the bound needs an FSRS world');
    const result = await simulate(
      truth,
      schedulerFor(kind, truth, lambda, words),
      {
        words,
        days: DAYS,
        habits: DEFAULT_HABITS,
        grades: 'drills',
        drillMix: 'issue28',
        introduceUntilDay: INTRODUCE_UNTIL,
        scoreAfterAnswers: 1000,
        ...(BUDGET ? { budgetSecondsPerDay: 600 } : {}),
      },
      seed,
    );
    knowledge += result.meanKnowledge;
    seconds += result.reviewSeconds;
    for (let w = 0; w < words; w++) lasting += truth.recall(w, DAYS - 1 + AFTER_DAYS);
  }
  return {
    knowledge: knowledge / runs.length,
    seconds: seconds / runs.length,
    lasting: lasting / runs.length,
    label: `${kind} λ${lambda}`,
    variant: kind,
  };
}

function baseline(world: WorldId, kinds: readonly PolicyKind[]): CostPoint[] {
  return full.summaries
    .filter((s) => s.world === world && s.days === DAYS && kinds.includes(s.policy.kind))
    .map((s) => ({
      knowledge: s.knowledge.mean,
      seconds: s.reviewMinutes.mean * 60,
      label: s.name,
      variant: s.policy.kind,
    }));
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');

async function main() {
  const world = (process.argv[2] ?? 'W1') as WorldId;
  const kinds = (process.argv[3] ?? 'state,year365').split(',');
  const lambdas =
    process.argv[4] && !process.argv[4].startsWith('--')
      ? process.argv[4].split(',').map(Number)
      : LAMBDAS;
  if (BUDGET)
    for (const b of full.budget.filter((x) => x.world === world))
      console.log(`${world} budget, best ${b.best}: mean knowledge ${b.knowledge.toFixed(0)}`);
  const families: [string, PolicyKind[]][] = [
    ['Fixed-retention FSRS-6 (best of right/wrong, graded, refit)', [...FIXED_RETENTION]],
    ['SM-2 family (spec, original, Anki)', [...SM2_FAMILY]],
  ];
  for (const kind of kinds) {
    const points: CostPoint[] = [];
    for (const lambda of lambdas) {
      const p = await point(world, kind, lambda);
      points.push(p);
      console.log(
        `${world} ${p.label}: knowledge ${p.knowledge.toFixed(1)}, review minutes ${(p.seconds / 60).toFixed(0)}, words recalled ${AFTER_DAYS} days after the study without review ${p.lasting.toFixed(0)}`,
      );
    }
    if (BUDGET) continue;
    const ours = variantEnvelopes(points);
    for (const [label, family] of families) {
      // At the knowledge levels where the headline compares Verba (ranges change ratios a lot).
      // The labels run.ts gives its headlines.
      const head = full.headlines.find(
        (h) =>
          h.world === world &&
          h.days === DAYS &&
          h.metric === 'two-year' &&
          h.ours === 'Per-state retention, graded evidence' &&
          h.against === label,
      );
      if (!head) throw new Error(`${resultsFile} has no headline of Verba against ${label}`);
      const ratios = head.points.map((p) => familyTimeToReach(ours, p.knowledge) / p.baseline);
      const own = compareCurves(points, baseline(world, family));
      console.log(
        `${world} ${kind} vs ${label} (${resultsFile}): at Verba's levels ${fmt(ratios.every(Number.isFinite) ? geometricMean(ratios) : Number.NaN)} [${ratios.map(fmt).join(' ')}] (Verba ${fmt(head.geometricMean)} [${head.points.map((p) => fmt(p.ratio)).join(' ')}]); over its own range ${own.range?.map((x) => x.toFixed(0)).join('–')} ${fmt(own.geometricMean)}`,
      );
    }
  }
}

await main();
