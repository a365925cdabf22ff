import type { Rating4 } from '../costs.ts';
import { intervalRecallEstimate, type Scheduler } from './types.ts';

/** Memrise's fixed ladder: a correct answer climbs one rung, a wrong one starts again at 1 day. */
export const MEMRISE_LADDER = [1, 6, 12, 48, 96, 180] as const;

export function createMemrise(name: string, words: number, modifier: number): Scheduler {
  const rung = new Int32Array(words).fill(-1);
  const interval = new Float64Array(words);
  const last = new Int32Array(words).fill(-1);
  return {
    name,
    review(word: number, day: number, rating: Rating4): number {
      const next =
        last[word]! < 0 || rating === 1 ? 0 : Math.min(MEMRISE_LADDER.length - 1, rung[word]! + 1);
      rung[word] = next;
      interval[word] = Math.max(1, Math.round(MEMRISE_LADDER[next]! * modifier));
      last[word] = day;
      return day + interval[word]!;
    },
    predict(word: number, day: number): number {
      return last[word]! < 0 ? 0 : intervalRecallEstimate(day - last[word]!, interval[word]!);
    },
  };
}
