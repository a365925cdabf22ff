import type { Rating4 } from '../costs.ts';
import { intervalRecallEstimate, type Scheduler } from './types.ts';

/**
 * Anki's SM-2 (rslib rules, default deck options): learning steps 1m 10m run on the day a word is
 * introduced and graduate it to 1 day (4 days on Easy); relearning steps then 1 day after a lapse;
 * ease 2.5, −0.20 on Again, −0.15 on Hard, +0.15 on Easy (1.3 floor); Hard ×1.2; Good
 * (interval + days late / 2) × ease; Easy (interval + days late) × ease × 1.3; each passing interval
 * at least one day more than the previous level's.
 */
export interface AnkiState {
  interval: number;
  ease: number;
  /** Whether the word has graduated from its learning steps. */
  graduated: boolean;
}

export function ankiStep(
  state: AnkiState,
  rating: Rating4,
  daysLate: number,
  modifier: number,
): AnkiState {
  if (!state.graduated) {
    // Same-day learning steps end with the graduating (1 d) or easy (4 d) interval.
    const interval = Math.max(1, Math.round((rating === 4 ? 4 : 1) * modifier));
    return { interval, ease: 2.5, graduated: true };
  }
  const late = Math.max(0, daysLate);
  const current = state.interval;
  if (rating === 1) {
    // Relearning step (same day), then "new interval" 0 % of the old one, so 1 day.
    return { interval: 1, ease: Math.max(1.3, state.ease - 0.2), graduated: true };
  }
  const hard = Math.max(current + 1, Math.round(current * 1.2 * modifier));
  if (rating === 2)
    return { interval: hard, ease: Math.max(1.3, state.ease - 0.15), graduated: true };
  const good = Math.max(hard + 1, Math.round((current + late / 2) * state.ease * modifier));
  if (rating === 3) return { interval: good, ease: state.ease, graduated: true };
  const easy = Math.max(good + 1, Math.round((current + late) * state.ease * 1.3 * modifier));
  return { interval: easy, ease: state.ease + 0.15, graduated: true };
}

export function createAnkiSm2(name: string, words: number, modifier: number): Scheduler {
  const interval = new Float64Array(words);
  const ease = new Float64Array(words).fill(2.5);
  const graduated = new Uint8Array(words);
  const last = new Int32Array(words).fill(-1);
  return {
    name,
    review(word: number, day: number, rating: Rating4): number {
      const daysLate = last[word]! < 0 ? 0 : day - last[word]! - interval[word]!;
      const next = ankiStep(
        { interval: interval[word]!, ease: ease[word]!, graduated: graduated[word] === 1 },
        rating,
        daysLate,
        modifier,
      );
      interval[word] = Math.min(36_500, next.interval);
      ease[word] = next.ease;
      graduated[word] = 1;
      last[word] = day;
      return day + interval[word]!;
    },
    predict(word: number, day: number): number {
      return last[word]! < 0 ? 0 : intervalRecallEstimate(day - last[word]!, interval[word]!);
    },
  };
}
