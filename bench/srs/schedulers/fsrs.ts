import {
  DEFAULT_WEIGHTS,
  fitLearnerParameters,
  memoryStateFromHistory,
  newCard,
  retrievability,
  scheduleReview,
  type FitReview,
  type SchedulerParams,
  type SrsCard,
} from '@verba/srs';
import type { Rating4 } from '../costs.ts';
import type { Scheduler } from './types.ts';

const BASE = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(BASE + day * DAY_MS);

export type Fitting = 'none' | 'always' | 'validated';

export interface FsrsSchedulerOptions {
  desiredRetention: number;
  /** 'none': FSRS-6 defaults; 'always': adopt every refit; 'validated': the module's adopt-if-better rule. */
  fitting: Fitting;
  refitEveryDays?: number;
}

export interface FsrsScheduler extends Scheduler {
  readonly fits: { day: number; status: string }[];
  weights(): readonly number[];
}

/** FSRS-6 through @verba/srs itself, so the benchmark measures the code the app runs. */
export function createFsrs(
  name: string,
  words: number,
  options: FsrsSchedulerOptions,
): FsrsScheduler {
  const cards: (SrsCard | null)[] = new Array<SrsCard | null>(words).fill(null);
  const history: { rating: 1 | 3; elapsed_days: number }[][] = Array.from(
    { length: words },
    () => [],
  );
  const log: FitReview[] = [];
  const fits: { day: number; status: string }[] = [];
  let weights: readonly number[] = DEFAULT_WEIGHTS;
  let params: SchedulerParams = { desiredRetention: options.desiredRetention, weights };
  const every = options.refitEveryDays ?? 30;

  return {
    name,
    fits,
    weights: () => weights,
    review(word: number, day: number, rating: Rating4): number {
      const now = dateOf(day);
      const card = cards[word] ?? newCard(now);
      const { card: next, log: entry } = scheduleReview({ card, correct: rating > 1, now, params });
      cards[word] = next;
      history[word]!.push({ rating: entry.rating, elapsed_days: entry.elapsed_days });
      if (options.fitting !== 'none') {
        log.push({
          word_id: String(word),
          rating: entry.rating,
          reviewed_at: now,
          elapsed_days: entry.elapsed_days,
        });
      }
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
      });
      fits.push({ day, status: result.status });
      if (result.status !== 'adopted') return;
      weights = result.parameters;
      params = { desiredRetention: options.desiredRetention, weights };
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
