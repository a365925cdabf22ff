import { scaleLabel, type DrillMix, type DrillScale } from './drills.ts';
import { createLearner, FsrsLearner, type WorldId } from './learners.ts';
import { auc, logLoss, rmseBins } from './metrics.ts';
import { createPolicy, policyName, type PolicySpec } from './policies.ts';
import type { FsrsScheduler } from './schedulers/fsrs.ts';
import {
  DEFAULT_HABITS,
  simulate,
  type Habits,
  type RunResult,
  type SimConfig,
} from './simulate.ts';

export interface Task {
  world: WorldId;
  learner: number;
  seed: number;
  policy: PolicySpec;
  words: number;
  days: number;
  refitEveryDays: number;
  scoreAfterAnswers: number;
  /** What a review shows the scheduler (default 'drills', the product's session). */
  grades?: SimConfig['grades'];
  drillScale?: number | DrillScale;
  /** Which drills a review goes through (default 'today'). */
  drillMix?: DrillMix;
  /** New words only before this day (the two-year metric: the first year). */
  introduceUntilDay?: number;
  /** Also keep the figures of the first this many days (the one-year metric). */
  yearOneDays?: number;
  /** Which part of the benchmark the task belongs to. */
  study?: 'main' | 'budget' | 'sensitivity' | 'evidence-today' | 'pass-rate' | 'product-gate';
  budgetSecondsPerDay?: number;
  /** Habits other than the default (the published setup of the product gate). */
  habits?: Habits;
  /** The learner of the product gate: FSRS-6 with the published study's parameters. */
  weights?: readonly number[];
}

/** A run's figures (those of `simulate`), with the task that produced them and its scores. */
export interface TaskResult extends Pick<
  RunResult,
  | 'seed'
  | 'days'
  | 'meanKnowledge'
  | 'finalKnowledge'
  | 'answers'
  | 'reviewSeconds'
  | 'wordsIntroduced'
  | 'reviewsPerWord'
  | 'studyMinutesPerDay'
  | 'knowledgePerHour'
  | 'week1Recall'
  | 'onTimePassRate'
  | 'onTimeReviews'
  | 'recallAtReview'
  | 'yearOne'
> {
  world: WorldId;
  learner: number;
  words: number;
  study: NonNullable<Task['study']>;
  /** The learner's drill offsets (`scaleLabel`: '×1' as stated). */
  drillScale: string;
  drillMix: DrillMix;
  policy: PolicySpec;
  name: string;
  scored: number;
  logLoss: number;
  trueLogLoss: number;
  rmseBins: number;
  auc: number;
  fitsAdopted: number;
  fitsRun: number;
}

/** Runs one learner with one policy and reduces the run to its figures. */
export async function runTask(task: Task): Promise<TaskResult> {
  const learner = task.weights
    ? new FsrsLearner(`gate-s${task.seed}`, task.weights, task.words, 0, task.seed)
    : createLearner(task.world, task.learner, task.seed, task.words);
  const scheduler = createPolicy(task.policy, task.words, task.refitEveryDays, learner);
  const drillScale = task.drillScale ?? 1;
  const run = await simulate(
    learner,
    scheduler,
    {
      words: task.words,
      days: task.days,
      habits: task.habits ?? DEFAULT_HABITS,
      grades: task.grades ?? 'drills',
      drillScale,
      drillMix: task.drillMix ?? 'today',
      ...(task.introduceUntilDay ? { introduceUntilDay: task.introduceUntilDay } : {}),
      ...(task.yearOneDays ? { yearOneDays: task.yearOneDays } : {}),
      ...(task.budgetSecondsPerDay ? { budgetSecondsPerDay: task.budgetSecondsPerDay } : {}),
      scoreAfterAnswers: task.scoreAfterAnswers,
    },
    task.seed,
  );
  const fits = (scheduler as Partial<FsrsScheduler>).fits ?? [];
  return {
    world: task.world,
    learner: task.learner,
    seed: task.seed,
    days: task.days,
    words: task.words,
    study: task.study ?? 'main',
    drillScale: scaleLabel(drillScale),
    drillMix: task.drillMix ?? 'today',
    policy: task.policy,
    name: policyName(task.policy),
    meanKnowledge: run.meanKnowledge,
    finalKnowledge: run.finalKnowledge,
    answers: run.answers,
    reviewSeconds: run.reviewSeconds,
    wordsIntroduced: run.wordsIntroduced,
    reviewsPerWord: run.reviewsPerWord,
    studyMinutesPerDay: run.studyMinutesPerDay,
    knowledgePerHour: run.knowledgePerHour,
    week1Recall: run.week1Recall,
    onTimePassRate: run.onTimePassRate,
    onTimeReviews: run.onTimeReviews,
    recallAtReview: run.recallAtReview,
    yearOne: run.yearOne,
    scored: run.predictions.length,
    logLoss: logLoss(run.predictions),
    trueLogLoss: logLoss(run.predictions, (p) => p.truth),
    rmseBins: rmseBins(run.predictions),
    auc: auc(run.predictions),
    fitsAdopted: fits.filter((f) => f.status === 'adopted').length,
    fitsRun: fits.filter((f) => f.status !== 'insufficient-data').length,
  };
}
