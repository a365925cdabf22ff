import { createLearner, type WorldId } from './learners.ts';
import { auc, logLoss, rmseBins } from './metrics.ts';
import { createPolicy, policyName, type PolicySpec } from './policies.ts';
import type { FsrsScheduler } from './schedulers/fsrs.ts';
import { DEFAULT_HABITS, simulate, type RunResult } from './simulate.ts';

export interface Task {
  world: WorldId;
  learner: number;
  seed: number;
  policy: PolicySpec;
  words: number;
  days: number;
  refitEveryDays: number;
  scoreAfterAnswers: number;
}

/** A run's figures (those of `simulate`), with the task that produced them and its scores. */
export interface TaskResult extends Pick<
  RunResult,
  | 'seed'
  | 'days'
  | 'meanKnowledge'
  | 'finalKnowledge'
  | 'answers'
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
  const learner = createLearner(task.world, task.learner, task.seed, task.words);
  const scheduler = createPolicy(task.policy, task.words, task.refitEveryDays);
  const run = await simulate(
    learner,
    scheduler,
    {
      words: task.words,
      days: task.days,
      habits: DEFAULT_HABITS,
      grades: 'pass-fail',
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
    policy: task.policy,
    name: policyName(task.policy),
    meanKnowledge: run.meanKnowledge,
    finalKnowledge: run.finalKnowledge,
    answers: run.answers,
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
