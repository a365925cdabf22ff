import type { Rating4 } from '../costs.ts';
import { intervalRecallEstimate, type Scheduler } from './types.ts';

export interface Sm2Options {
  /** Quality given for a correct answer: 3 in the product spec, 4 in the original algorithm. */
  correctQuality: number;
  /** Quality given for a wrong answer (1 in both). */
  wrongQuality: number;
  /** Multiplies every interval (1 = as published). */
  intervalModifier: number;
}

/** SM-2's ease update, applied after every answer and floored at 1.3. */
export function nextEase(ease: number, quality: number): number {
  const miss = 5 - quality;
  // Rounded so that repeated additions land on exact hundredths (2.5 − 0.14 × n).
  return Math.max(1.3, Math.round((ease + 0.1 - miss * (0.08 + miss * 0.02)) * 1e6) / 1e6);
}

export interface Sm2State {
  repetitions: number;
  interval: number;
  ease: number;
}

/**
 * One SM-2 step: a correct answer gives 1 day, 6 days, then the previous interval times the ease the word
 * had before this answer (rounded up); a wrong one restarts at 1 day; the ease is then updated from this
 * answer's quality.
 *
 * Order of interval and ease update, as published: P. A. Woźniak, "Application of a computer to improve
 * the results obtained in working with the SuperMemo method" (1990), Algorithm SM-2, steps 3–6
 * (https://super-memory.com/english/ol/sm2.htm): "I(n):=I(n-1)*EF" uses the item's E-Factor, which is
 * modified "after each repetition"; the widely used restatement (Wikipedia, "SuperMemo", algorithm SM-2
 * pseudocode) likewise computes the interval from the current EF before updating it.
 */
export function sm2Step(state: Sm2State, correct: boolean, options: Sm2Options): Sm2State {
  const ease = nextEase(state.ease, correct ? options.correctQuality : options.wrongQuality);
  if (!correct) return { repetitions: 0, interval: 1, ease };
  const m = options.intervalModifier;
  let interval: number;
  if (state.repetitions === 0) interval = Math.max(1, Math.round(1 * m));
  else if (state.repetitions === 1) interval = Math.max(1, Math.round(6 * m));
  else interval = Math.max(1, Math.ceil(state.interval * state.ease * m - 1e-9));
  return { repetitions: state.repetitions + 1, interval, ease };
}

export function createSm2(name: string, words: number, options: Sm2Options): Scheduler {
  const reps = new Int32Array(words);
  const interval = new Float64Array(words);
  const ease = new Float64Array(words).fill(2.5);
  const last = new Int32Array(words).fill(-1);
  return {
    name,
    review(word: number, day: number, rating: Rating4): number {
      const next = sm2Step(
        { repetitions: reps[word]!, interval: interval[word]!, ease: ease[word]! },
        rating > 1,
        options,
      );
      reps[word] = next.repetitions;
      interval[word] = next.interval;
      ease[word] = next.ease;
      last[word] = day;
      return day + next.interval;
    },
    predict(word: number, day: number): number {
      return last[word]! < 0 ? 0 : intervalRecallEstimate(day - last[word]!, interval[word]!);
    },
  };
}
