import type { SrsCard } from './types.ts';

export type WordMaturity = 'new' | 'learning' | 'mature';

/** The spec's practice-mix buckets: repetitions ≤2 new, 3–7 learning, >7 mature. */
export function wordMaturity(repetitions: number): WordMaturity {
  if (repetitions <= 2) return 'new';
  if (repetitions <= 7) return 'learning';
  return 'mature';
}

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
