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
  drillScale?: number;
  /** Which part of the benchmark the task belongs to. */
  study?: 'main' | 'budget' | 'sensitivity' | 'pass-rate' | 'product-gate';
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
> {
  world: WorldId;
  learner: number;
  words: number;
  study: NonNullable<Task['study']>;
  drillScale: number;
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
  const scheduler = createPolicy(task.policy, task.words, task.refitEveryDays);
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
    drillScale,
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
    scored: run.predictions.length,
    logLoss: logLoss(run.predictions),
    trueLogLoss: logLoss(run.predictions, (p) => p.truth),
    rmseBins: rmseBins(run.predictions),
    auc: auc(run.predictions),
    fitsAdopted: fits.filter((f) => f.status === 'adopted').length,
    fitsRun: fits.filter((f) => f.status !== 'insufficient-data').length,
  };
}
