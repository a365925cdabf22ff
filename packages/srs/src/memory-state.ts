import { engineFor, resolveParams } from './fsrs-engine.ts';
import type { SchedulerParams } from './types.ts';

export interface MemoryState {
  stability: number;
  difficulty: number;
}

/**
 * Recomputes a word's FSRS memory state from its answers (oldest first) under the given parameters,
 * e.g. after a learner's parameters were refitted. Returns null for a word with no answers.
 */
export function memoryStateFromHistory(
  reviews: readonly { rating: 1 | 2 | 3 | 4; elapsed_days: number }[],
  params?: SchedulerParams,
): MemoryState | null {
  const engine = engineFor(resolveParams(params));
  let state: MemoryState | null = null;
  for (const review of reviews) {
    const next = engine.next_state(
      state,
      state === null ? 0 : Math.max(0, review.elapsed_days),
      review.rating,
    );
    state = { stability: next.stability, difficulty: next.difficulty };
  }
  return state;
}
