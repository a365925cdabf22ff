import { DEFAULT_POLICY_LAMBDA } from '@verba/srs';
import { createLearner, FsrsLearner, type WorldId } from './learners.ts';
import { compareCurves, rmseBins } from './metrics.ts';
import { REFIT_MARGIN } from './policies.ts';
import { createFsrs, type FsrsSchedulerOptions } from './schedulers/fsrs.ts';
import { DEFAULT_HABITS, simulate } from './simulate.ts';

/**
 * Does a per-learner refit help the per-state policy? The product's scheduler (graded evidence,
 * per-state policy) with refits of several kinds against the same scheduler on FSRS-6's default
 * weights, each swept over λ and compared as the headline does: review time at equal knowledge
 * (ours ÷ default weights over the knowledge range both curves reach; below 1 is better). One
 * simulation at a time, light enough to run beside other work:
 * `npx tsx bench/srs/refit-study.ts W2 0 [default,rw,…]` (world, learner index, the variants to
 * run by key; the default-weights curve always runs; W1's learner is FSRS-6's defaults).
 */

const WORDS = 1000;
const DAYS = 365;
const LAMBDAS = [0, 0.02, DEFAULT_POLICY_LAMBDA, 0.1, 0.25, 0.5, 1, 2];

type Variant = { key: string; label: string; options: (lambda: number) => FsrsSchedulerOptions };

/** Held-out log-loss gains tried as the server's adoption threshold (right/wrong evidence). */
const THRESHOLDS = [REFIT_MARGIN, 0.02, 0.05];

function variants(trueWeights: readonly number[] | null): Variant[] {
  const graded = { graded: true, refitEveryDays: 30 } as const;
  const rightWrong = (minLogLossImprovement: number) => (lambda: number) =>
    ({
      ...graded,
      lambda,
      fitting: 'validated',
      fitEvidence: 'right-wrong',
      minLogLossImprovement,
    }) as const;
  return [
    {
      key: 'default',
      label: 'default weights',
      options: (lambda) => ({ ...graded, lambda, fitting: 'none' }),
    },
    {
      key: 'rw',
      label: 'refit on right/wrong, any gain (the server until now)',
      options: rightWrong(0),
    },
    ...THRESHOLDS.map((t) => ({
      key: `rw${t}`,
      label: `refit on right/wrong, gain ≥ ${t}`,
      options: rightWrong(t),
    })),
    {
      key: 'grades',
      label: `refit on grades, gain ≥ ${REFIT_MARGIN} (bench verba-refit)`,
      options: (lambda) => ({
        ...graded,
        lambda,
        fitting: 'validated',
        minLogLossImprovement: REFIT_MARGIN,
      }),
    },
    ...(trueWeights
      ? [
          {
            key: 'oracle',
            label: 'true weights (oracle)',
            options: (lambda: number) =>
              ({ ...graded, lambda, fitting: 'none', weights: trueWeights }) as const,
          },
        ]
      : []),
  ];
}

interface Row {
  lambda: number;
  knowledge: number;
  seconds: number;
  rmse: number;
  adopted: number;
  ran: number;
  /** Held-out log-loss gain of the first refit that was scored. */
  firstGain: number | null;
}

async function run(world: WorldId, index: number, options: FsrsSchedulerOptions): Promise<Row> {
  const seed = 1;
  const scheduler = createFsrs('study', WORDS, options);
  const result = await simulate(
    createLearner(world, index, seed, WORDS),
    scheduler,
    { words: WORDS, days: DAYS, habits: DEFAULT_HABITS, grades: 'drills', scoreAfterAnswers: 1000 },
    seed,
  );
  return {
    lambda: options.lambda!,
    knowledge: result.meanKnowledge,
    seconds: result.reviewSeconds,
    rmse: rmseBins(result.predictions),
    adopted: scheduler.fits.filter((f) => f.status === 'adopted').length,
    ran: scheduler.fits.filter((f) => f.status !== 'insufficient-data').length,
    firstGain: scheduler.fits.find((f) => f.gain !== null)?.gain ?? null,
  };
}

async function main() {
  const world = (process.argv[2] ?? 'W2') as WorldId;
  const index = Number(process.argv[3] ?? 0);
  const probe = createLearner(world, index, 1, WORDS);
  const trueWeights = world === 'W2' && probe instanceof FsrsLearner ? probe.weights : null;
  const only = process.argv[4]?.split(',');
  const curves: { label: string; rows: Row[] }[] = [];
  for (const variant of variants(trueWeights)) {
    if (only && variant.key !== 'default' && !only.includes(variant.key)) continue;
    const rows: Row[] = [];
    for (const lambda of LAMBDAS) rows.push(await run(world, index, variant.options(lambda)));
    curves.push({ label: variant.label, rows });
  }
  const baseline = curves[0]!.rows;
  console.log(
    `| ${world} L${index} | At λ ${DEFAULT_POLICY_LAMBDA}: knowledge, review min, RMSE, first refit's gain | Fits adopted/run (all λ) | ÷ default weights at equal knowledge | Over knowledge |`,
  );
  console.log('|---|---|---|---|---|');
  for (const { label, rows } of curves) {
    const at = rows.find((r) => r.lambda === DEFAULT_POLICY_LAMBDA)!;
    const c = compareCurves(rows, baseline);
    const adopted = rows.reduce((n, r) => n + r.adopted, 0);
    const ran = rows.reduce((n, r) => n + r.ran, 0);
    console.log(
      `| ${label} | ${at.knowledge.toFixed(1)}, ${(at.seconds / 60).toFixed(0)}, ${at.rmse.toFixed(3)}, ${at.firstGain?.toFixed(3) ?? '–'} | ${adopted}/${ran} | ${c.range ? c.geometricMean.toFixed(3) : 'no common range'} | ${c.range ? `${c.range[0].toFixed(0)}–${c.range[1].toFixed(0)}` : '–'} |`,
    );
  }
}

await main();
