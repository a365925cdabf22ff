import { newCard, scheduleReview } from '@verba/srs';
import { describe, expect, it } from 'vitest';
import { cardToRow, rowToCard } from './card-mapper.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');

describe('the word row ↔ scheduler card mapper', () => {
  it('maps every review column both ways without loss', () => {
    const card = scheduleReview({ card: newCard(NOW), correct: true, now: NOW }).card;
    const row = cardToRow(card);
    expect(row).toMatchObject({
      interval: card.interval,
      nextReviewDate: card.next_review_date,
      repetitions: 1,
      totalReviews: 1,
      correctReviews: 1,
      successRate: 1,
      easeFactor: 2.5,
      stability: card.stability,
      difficulty: card.difficulty,
      state: card.state,
      lapses: 0,
      lastReview: NOW,
      learningSteps: card.learning_steps,
      mastered: false,
    });
    const { mastered: _, ...columns } = row;
    expect(rowToCard(columns)).toEqual(card);
  });

  it('reads a freshly saved word (the columns’ defaults) as a new card', () => {
    const card = rowToCard({
      interval: 0,
      nextReviewDate: NOW,
      repetitions: 0,
      totalReviews: 0,
      correctReviews: 0,
      successRate: 0,
      easeFactor: 2.5,
      stability: 0,
      difficulty: 0,
      state: 0,
      lapses: 0,
      lastReview: null,
      learningSteps: 0,
    });
    expect(card).toEqual(newCard(NOW));
  });

  it('sets the mastered flag from the scheduler’s rule', () => {
    const strong = { ...newCard(NOW), stability: 120, repetitions: 5, total_reviews: 5 };
    expect(cardToRow(strong).mastered).toBe(true);
    expect(cardToRow({ ...strong, repetitions: 0 }).mastered).toBe(false);
    expect(cardToRow({ ...strong, stability: 30 }).mastered).toBe(false);
  });
});
