import type { SrsCard } from './types.ts';

export const MASTERED_STABILITY_DAYS = 90;

/** Mastered: FSRS stability of at least 90 days and the last answer was correct. */
export function isMastered(
  card: Pick<SrsCard, 'stability' | 'repetitions' | 'total_reviews'>,
): boolean {
  // repetitions counts the current correct streak, so > 0 means the last answer was correct.
  return (
    card.total_reviews > 0 && card.repetitions > 0 && card.stability >= MASTERED_STABILITY_DAYS
  );
}
