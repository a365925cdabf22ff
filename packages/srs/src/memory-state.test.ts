import { describe, expect, it } from 'vitest';
import { newCard } from './card.ts';
import { DEFAULT_WEIGHTS } from './constants.ts';
import { memoryStateFromHistory } from './memory-state.ts';
import { scheduleReview } from './schedule-review.ts';

describe('memoryStateFromHistory', () => {
  it('replays answers to the same state scheduleReview reached', () => {
    let card = newCard(new Date(Date.UTC(2026, 0, 1)));
    const history: { rating: 1 | 3; elapsed_days: number }[] = [];
    for (const correct of [true, false, true, true]) {
      const result = scheduleReview({ card, correct, now: card.next_review_date });
      history.push({ rating: result.log.rating, elapsed_days: result.log.elapsed_days });
      card = result.card;
    }
    const state = memoryStateFromHistory(history)!;
    expect(state.stability).toBeCloseTo(card.stability, 8);
    expect(state.difficulty).toBeCloseTo(card.difficulty, 8);
  });

  it('depends on the weights and is null without answers', () => {
    const history = [
      { rating: 3 as const, elapsed_days: 0 },
      { rating: 3 as const, elapsed_days: 3 },
    ];
    const slower = DEFAULT_WEIGHTS.map((w, i) => (i === 2 ? w / 2 : w));
    expect(memoryStateFromHistory(history, { weights: slower })!.stability).toBeLessThan(
      memoryStateFromHistory(history)!.stability,
    );
    expect(memoryStateFromHistory([])).toBeNull();
  });
});
