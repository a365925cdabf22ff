import {
  computeRetentionPolicy,
  DEFAULT_WEIGHTS,
  fitLearnerParameters,
  memoryStateFromHistory,
  newCard,
  policyInterval,
  retrievability,
  scheduleReview,
  type FitReview,
  type RetentionPolicyTable,
  type ReviewGrade,
  type SchedulerParams,
  type SrsCard,
} from '@verba/srs';
import type { Rating4 } from '../costs.ts';
import { recallProbability, weightedGrade, type Drill } from '../drills.ts';
import type { Scheduler } from './types.ts';

const BASE = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(BASE + day * DAY_MS);

export type Fitting = 'none' | 'always' | 'validated';

export interface FsrsSchedulerOptions {
  /** Fixed desired retention (ignored when `lambda` is given). */
  desiredRetention?: number;
  /** λ of the per-state retention policy (`computeRetentionPolicy`), recomputed for each adopted refit. */
  lambda?: number;
  /** Retention range of the per-state policy (the module's default 0.75–0.97 when absent). */
  retentionRange?: readonly [number, number];
  /** Whether the word's grade from the session's evidence reaches FSRS (Hard included), or only right/wrong. */
  graded?: boolean;
  /** 'none': FSRS-6 defaults; 'always': adopt every refit; 'validated': the module's adopt-if-better rule. */
  fitting: Fitting;
  refitEveryDays?: number;
  /** Held-out log-loss improvement a validated refit needs to be adopted (0: any). */
  minLogLossImprovement?: number;
  /**
   * What a refit reads: 'grades' (what the scheduler was given, Hard included; the default) or
   * 'right-wrong' (Good when every drill was right, else Again: what the server's log keeps).
   */
  fitEvidence?: 'grades' | 'right-wrong';
  /**
   * The published study's retirement rule, for the product gate only: a word whose stability passes this
   * many days is never scheduled again.
   */
  retireAboveStability?: number;
  /**
   * With `graded`: grades the session's drills with this map instead of the product's
   * (`gradeFromDrills`), e.g. the map a baseline was defined with.
   */
  gradeMap?: (drills: readonly Drill[]) => ReviewGrade;
  /**
   * With `graded` and a per-state policy, how the drills reach FSRS: 'grade' (the product's grade, or
   * `gradeMap`); 'weighted' (`weightedGrade`: the grade by drill strength and the predicted recall);
   * 'probability' (the memory state mixed between FSRS's Good and Again updates, log-stability and
   * difficulty weighted, by the probability that the word was recalled given its drills,
   * `recallProbability`).
   */
  evidence?: 'grade' | 'weighted' | 'probability';
  /** Starting parameters (FSRS-6's defaults when absent). */
  weights?: readonly number[];
}

export interface FsrsScheduler extends Scheduler {
  /** Each refit; `gain`: how much lower the candidate's held-out log loss was (when one was scored). */
  readonly fits: { day: number; status: string; gain: number | null }[];
  weights(): readonly number[];
}

// Tables depend only on (weights, λ, range): computed once per worker process and reused.
const tables = new Map<string, RetentionPolicyTable>();
function policyFor(
  weights: readonly number[],
  lambda: number,
  range?: readonly [number, number],
): RetentionPolicyTable {
  const key = `${lambda}|${range?.join(',') ?? ''}|${weights.join(',')}`;
  let table = tables.get(key);
  if (!table) {
    table = computeRetentionPolicy({
      lambda,
      weights,
      ...(range ? { minRetention: range[0], maxRetention: range[1] } : {}),
    });
    if (tables.size > 64) tables.clear();
    tables.set(key, table);
  }
  return table;
}

/** FSRS-6 through @verba/srs itself, so the benchmark measures the code the app runs. */
export function createFsrs(
  name: string,
  words: number,
  options: FsrsSchedulerOptions,
): FsrsScheduler {
  const cards: (SrsCard | null)[] = new Array<SrsCard | null>(words).fill(null);
  const history: { rating: ReviewGrade; elapsed_days: number }[][] = Array.from(
    { length: words },
    () => [],
  );
  const log: FitReview[] = [];
  const fits: FsrsScheduler['fits'] = [];
  let weights: readonly number[] = options.weights ?? DEFAULT_WEIGHTS;
  const paramsFor = (w: readonly number[]): SchedulerParams =>
    options.lambda === undefined
      ? { desiredRetention: options.desiredRetention ?? 0.9, weights: w }
      : { weights: w };
  let params = paramsFor(weights);
  let policy =
    options.lambda === undefined
      ? null
      : policyFor(weights, options.lambda, options.retentionRange);
  const every = options.refitEveryDays ?? 30;

  return {
    name,
    fits,
    weights: () => weights,
    review(
      word: number,
      day: number,
      rating: Rating4,
      grade?: Rating4,
      drills?: readonly Drill[],
    ): number {
      const now = dateOf(day);
      const card = cards[word] ?? newCard(now);
      const evidence = options.evidence ?? 'grade';
      const read = options.graded && drills && evidence !== 'grade';
      const predicted = read ? retrievability(card, now, params) : 0;
      const given = !options.graded
        ? undefined
        : options.gradeMap && drills
          ? options.gradeMap(drills)
          : read && evidence === 'weighted'
            ? weightedGrade(drills, predicted)
            : (grade ?? rating);
      const review = (g: ReviewGrade | undefined) =>
        scheduleReview({
          card,
          correct: rating > 1,
          now,
          params,
          policy,
          ...(g === undefined ? {} : { grade: g }),
        });
      let { card: next, log: entry } = review(given);
      if (read && evidence === 'probability' && policy && !drills.every((d) => d.correct)) {
        // Mixed between the Good and Again updates by the probability that the word was recalled.
        const recalled = recallProbability(drills, predicted);
        const good = review(3);
        const again = review(1);
        const stability = Math.exp(
          recalled * Math.log(good.card.stability) +
            (1 - recalled) * Math.log(again.card.stability),
        );
        const difficulty = recalled * good.card.difficulty + (1 - recalled) * again.card.difficulty;
        const base = recalled >= 0.5 ? good : again;
        const interval = policyInterval(policy, stability, difficulty);
        next = {
          ...base.card,
          stability,
          difficulty,
          interval,
          next_review_date: new Date(now.getTime() + interval * DAY_MS),
        };
        entry = base.log;
      }
      cards[word] = next;
      const used =
        options.fitEvidence === 'right-wrong' ? entry.rating : (entry.grade ?? entry.rating);
      history[word]!.push({ rating: used, elapsed_days: entry.elapsed_days });
      if (options.fitting !== 'none') {
        log.push({
          word_id: String(word),
          rating: used,
          reviewed_at: now,
          elapsed_days: entry.elapsed_days,
        });
      }
      if (options.retireAboveStability && next.stability > options.retireAboveStability)
        return 1_000_000_000;
      return Math.round((next.next_review_date.getTime() - BASE) / DAY_MS);
    },
    predict(word: number, day: number): number {
      const card = cards[word];
      return card ? retrievability(card, dateOf(day), params) : 0;
    },
    async endOfDay(day: number): Promise<void> {
      if (options.fitting === 'none' || (day + 1) % every !== 0) return;
      const result = await fitLearnerParameters({
        reviews: log,
        current: weights,
        adoption: options.fitting,
        ...(options.minLogLossImprovement
          ? { minLogLossImprovement: options.minLogLossImprovement }
          : {}),
      });
      const gain =
        result.currentLogLoss === null || result.candidateLogLoss === null
          ? null
          : result.currentLogLoss - result.candidateLogLoss;
      fits.push({ day, status: result.status, gain });
      if (result.status !== 'adopted') return;
      weights = result.parameters;
      params = paramsFor(weights);
      if (options.lambda !== undefined)
        policy = policyFor(weights, options.lambda, options.retentionRange);
      // New parameters re-read each word's history; its due date stays as scheduled.
      for (let w = 0; w < words; w++) {
        const card = cards[w];
        if (!card) continue;
        const state = memoryStateFromHistory(history[w]!, params);
        if (state) cards[w] = { ...card, stability: state.stability, difficulty: state.difficulty };
      }
    },
  };
}
