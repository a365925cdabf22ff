import type { Drill } from '../drills.ts';
import type { Rating4 } from '../costs.ts';

/** A scheduling policy under test. It sees only answers (ratings) and days, never the true memory. */
export interface Scheduler {
  readonly name: string;
  /**
   * Records an answer on `day` (the word's first one included) and returns the day it is next due.
   * `rating` is what the product records (Again when any drill was wrong, Good when all were right);
   * `grade` is the word's grade from the session's evidence (`gradeFromDrills`), for schedulers that
   * read it; `drills` the evidence itself, for a scheduler that grades it its own way.
   */
  review(
    word: number,
    day: number,
    rating: Rating4,
    grade?: Rating4,
    drills?: readonly Drill[],
  ): number;
  /** The scheduler's own estimate of the probability that `word` is recalled on `day`. */
  predict(word: number, day: number): number;
  /** Runs after every simulated day (e.g. to refit parameters). */
  endOfDay?(day: number): Promise<void> | void;
}

export type SchedulerFactory = (words: number) => Scheduler;

/**
 * Recall estimate for interval-only schedulers: 90 % at the scheduled interval, decaying exponentially
 * (the convention the open spaced-repetition benchmark uses for SM-2).
 */
export function intervalRecallEstimate(elapsed: number, interval: number): number {
  return Math.pow(0.9, Math.max(0, elapsed) / Math.max(1, interval));
}
