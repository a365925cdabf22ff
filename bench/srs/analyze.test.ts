import { describe, expect, it } from 'vitest';
import { budgetBest, curveOf, headline } from './analyze.ts';
import type { PolicyKind } from './policies.ts';
import { policyName } from './policies.ts';
import type { TaskResult } from './run-task.ts';

function result(
  kind: PolicyKind,
  value: number,
  figures: {
    knowledge: number;
    seconds: number;
    yearOne?: [number, number];
    study?: TaskResult['study'];
    recallAtReview?: number;
  },
): TaskResult {
  return {
    world: 'W1',
    learner: 0,
    seed: 1,
    days: 730,
    words: 1000,
    study: figures.study ?? 'main',
    drillScale: '×1',
    drillMix: 'issue28',
    policy: { kind, value },
    name: policyName({ kind, value }),
    meanKnowledge: figures.knowledge,
    finalKnowledge: figures.knowledge,
    answers: 0,
    reviewSeconds: figures.seconds,
    wordsIntroduced: 1000,
    reviewsPerWord: 0,
    studyMinutesPerDay: 0,
    knowledgePerHour: 0,
    week1Recall: { d30: 0.9, d90: 0.8, d365: 0.7 },
    onTimePassRate: 0.9,
    onTimeReviews: 0,
    recallAtReview: figures.recallAtReview ?? 0.9,
    yearOne: {
      meanKnowledge: figures.yearOne?.[0] ?? Number.NaN,
      reviewSeconds: figures.yearOne?.[1] ?? Number.NaN,
    },
    scored: 0,
    logLoss: 0,
    trueLogLoss: 0,
    rmseBins: 0,
    auc: 0,
    fitsAdopted: 0,
    fitsRun: 0,
  };
}

describe('the headline on the two-year and the one-year metric', () => {
  // Ours keeps the same knowledge as the baseline over two years for half the time, but over the first
  // year alone it is no cheaper: the metrics must read different figures of the same runs.
  const runs = [
    result('verba', 0.5, { knowledge: 800, seconds: 500, yearOne: [700, 400] }),
    result('verba', 1, { knowledge: 900, seconds: 1000, yearOne: [800, 800] }),
    result('fsrs', 0.8, { knowledge: 800, seconds: 1000, yearOne: [700, 400] }),
    result('fsrs', 0.9, { knowledge: 900, seconds: 2000, yearOne: [800, 800] }),
  ];

  it('reads knowledge over both years and the whole review time by default', () => {
    expect(curveOf(runs, 'W1', 730, ['verba']).map((p) => [p.knowledge, p.seconds])).toEqual([
      [800, 500],
      [900, 1000],
    ]);
    expect(headline(runs, 'W1', 730, ['verba'], 'v', ['fsrs'], 'f').geometricMean).toBeCloseTo(
      0.5,
      12,
    );
  });

  it("reads the first year's figures for the one-year metric", () => {
    expect(
      curveOf(runs, 'W1', 730, ['verba'], 'main', '×1', 'year-one').map((p) => [
        p.knowledge,
        p.seconds,
      ]),
    ).toEqual([
      [700, 400],
      [800, 800],
    ]);
    const h = headline(runs, 'W1', 730, ['verba'], 'v', ['fsrs'], 'f', 'main', '×1', 'year-one');
    expect(h.metric).toBe('year-one');
    expect(h.geometricMean).toBeCloseTo(1, 12);
  });
});

describe('the daily time budget', () => {
  const runs = [
    result('fsrs', 0.7, { knowledge: 1700, seconds: 0, study: 'budget', recallAtReview: 0.68 }),
    result('fsrs', 0.8, { knowledge: 1500, seconds: 0, study: 'budget', recallAtReview: 0.78 }),
    result('memrise', 1, { knowledge: 1400, seconds: 0, study: 'budget', recallAtReview: 0.74 }),
  ];

  it('takes the best setting, or the best whose recall at review stays at or above a floor', () => {
    const best = budgetBest(runs, 'W1');
    expect(best.find((b) => b.kind === 'fsrs')).toMatchObject({
      best: 'fsrs DR0.70',
      knowledge: 1700,
    });
    const safe = budgetBest(runs, 'W1', 0.75);
    expect(safe.find((b) => b.kind === 'fsrs')).toMatchObject({
      best: 'fsrs DR0.80',
      knowledge: 1500,
      recallAtReview: 0.78,
    });
    // A kind with no setting above the floor has no entry.
    expect(safe.find((b) => b.kind === 'memrise')).toBeUndefined();
  });
});
