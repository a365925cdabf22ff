import type { Card as FsrsCard } from 'ts-fsrs';
import { DEFAULT_EASE_FACTOR } from './constants.ts';
import type { CardState, SrsCard } from './types.ts';

/** A word the learner has just added: due now, never reviewed. */
export function newCard(now: Date): SrsCard {
  return {
    interval: 0,
    next_review_date: new Date(now.getTime()),
    repetitions: 0,
    total_reviews: 0,
    correct_reviews: 0,
    success_rate: 0,
    ease_factor: DEFAULT_EASE_FACTOR,
    stability: 0,
    difficulty: 0,
    state: 0,
    lapses: 0,
    last_review: null,
    learning_steps: 0,
  };
}

export function toFsrsCard(card: SrsCard): FsrsCard {
  return {
    due: card.next_review_date,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.interval,
    learning_steps: card.learning_steps,
    reps: card.total_reviews,
    lapses: card.lapses,
    state: card.state,
    ...(card.last_review ? { last_review: card.last_review } : {}),
  };
}

export function isCardState(value: number): value is CardState {
  return value === 0 || value === 1 || value === 2 || value === 3;
}
