import { describe, expect, it } from 'vitest';
import { newCard } from './card.ts';
import { DEFAULT_EASE_FACTOR } from './constants.ts';
import { fuzzRange } from './fuzz.ts';
import { computeRetentionPolicy, policyInterval, policyRetention } from './retention-policy.ts';
import { elapsedDaysBetween, retrievability, scheduleReview } from './schedule-review.ts';
import type { SrsCard } from './types.ts';

const start = new Date(Date.UTC(2026, 0, 1, 9, 30));

function answer(card: SrsCard, answers: boolean[], desiredRetention?: number) {
  const intervals: number[] = [];
  let now = card.next_review_date;
  for (const correct of answers) {
    const result = scheduleReview({
      card,
      correct,
      now,
      ...(desiredRetention ? { params: { desiredRetention } } : {}),
    });
    card = result.card;
    intervals.push(card.interval);
    now = card.next_review_date;
  }
  return { card, intervals };
}

describe('newCard', () => {
  it('is due immediately with the spec defaults', () => {
    const card = newCard(start);
    expect(card.next_review_date.getTime()).toBe(start.getTime());
    expect(card).toMatchObject({
      interval: 0,
      repetitions: 0,
      total_reviews: 0,
      success_rate: 0,
      state: 0,
      last_review: null,
    });
    expect(card.ease_factor).toBe(DEFAULT_EASE_FACTOR);
  });
});

describe('scheduleReview', () => {
  it('grows intervals on correct answers (FSRS-6 defaults, retention 0.9)', () => {
    expect(answer(newCard(start), [true, true, true, true, true]).intervals).toEqual([
      2, 11, 46, 163, 497,
    ]);
  });

  it('counts answers in the spec fields', () => {
    const { card } = answer(newCard(start), [true, true, false, true]);
    expect(card).toMatchObject({
      total_reviews: 4,
      correct_reviews: 3,
      success_rate: 0.75,
      repetitions: 1,
      lapses: 1,
    });
    expect(card.interval).toBeGreaterThanOrEqual(1);
    expect(card.next_review_date.getTime() - card.last_review!.getTime()).toBe(
      card.interval * 86_400_000,
    );
  });

  it('shortens the interval after a wrong answer', () => {
    const good = answer(newCard(start), [true, true, true]).card;
    const failed = scheduleReview({ card: good, correct: false, now: good.next_review_date }).card;
    expect(failed.interval).toBeLessThan(good.interval);
    expect(failed.stability).toBeLessThan(good.stability);
    expect(failed.repetitions).toBe(0);
  });

  it('is deterministic and does not mutate its input', () => {
    const card = answer(newCard(start), [true, false, true]).card;
    const snapshot = structuredClone(card);
    const now = new Date(card.next_review_date.getTime() + 3 * 86_400_000);
    const a = scheduleReview({ card, correct: true, now, durationMs: 4200 });
    const b = scheduleReview({ card, correct: true, now, durationMs: 4200 });
    expect(a).toEqual(b);
    expect(card).toEqual(snapshot);
  });

  it('schedules further ahead at a lower desired retention', () => {
    const low = answer(newCard(start), [true, true, true], 0.8).intervals.at(-1)!;
    const high = answer(newCard(start), [true, true, true], 0.95).intervals.at(-1)!;
    expect(low).toBeGreaterThan(high);
  });

  it('rejects a desired retention outside 0.70–0.97', () => {
    expect(() =>
      scheduleReview({
        card: newCard(start),
        correct: true,
        now: start,
        params: { desiredRetention: 0.5 },
      }),
    ).toThrow(RangeError);
    expect(() =>
      scheduleReview({
        card: newCard(start),
        correct: true,
        now: start,
        params: { weights: [1, 2] },
      }),
    ).toThrow(RangeError);
  });

  it('logs what an optimizer needs', () => {
    const first = scheduleReview({
      card: newCard(start),
      correct: true,
      now: start,
      durationMs: 5300,
    });
    expect(first.log).toMatchObject({
      rating: 3,
      correct: true,
      elapsed_days: 0,
      duration_ms: 5300,
      state: 0,
      retrievability: 0,
    });
    const later = new Date(start.getTime() + 3 * 86_400_000);
    const second = scheduleReview({ card: first.card, correct: false, now: later });
    expect(second.log).toMatchObject({
      rating: 1,
      correct: false,
      elapsed_days: 3,
      duration_ms: null,
      scheduled_days: first.card.interval,
    });
    expect(second.log.retrievability).toBeCloseTo(retrievability(first.card, later), 10);
    expect(second.log.retrievability).toBeGreaterThan(0.5);
    expect(second.log.retrievability).toBeLessThan(1);
  });
});

describe('elapsedDaysBetween', () => {
  it('counts calendar days in UTC', () => {
    expect(
      elapsedDaysBetween(new Date('2026-01-01T23:00:00Z'), new Date('2026-01-02T01:00:00Z')),
    ).toBe(1);
    expect(
      elapsedDaysBetween(new Date('2026-01-01T01:00:00Z'), new Date('2026-01-01T23:00:00Z')),
    ).toBe(0);
    expect(
      elapsedDaysBetween(new Date('2026-03-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z')),
    ).toBe(0);
  });
});

describe('scheduleReview with graded evidence and a per-state policy', () => {
  const day = 86_400_000;
  const reviewed = () => {
    const first = scheduleReview({ card: newCard(start), correct: true, now: start }).card;
    return { card: first, now: new Date(start.getTime() + first.interval * day) };
  };

  it('without the new options, behaves exactly as before (no grade in the log)', () => {
    const { card, now } = reviewed();
    const plain = scheduleReview({ card, correct: true, now });
    const same = scheduleReview({ card, correct: true, now, grade: null, policy: null });
    expect(same).toEqual(plain);
    expect('grade' in plain.log).toBe(false);
  });

  it('updates FSRS with Hard: less stability than Good, more than Again; counts as not correct', () => {
    const { card, now } = reviewed();
    const good = scheduleReview({ card, correct: true, now, grade: 3 }).card;
    const hard = scheduleReview({ card, correct: false, now, grade: 2 });
    const again = scheduleReview({ card, correct: false, now, grade: 1 }).card;
    expect(hard.card.stability).toBeLessThan(good.stability);
    expect(hard.card.stability).toBeGreaterThan(again.stability);
    expect(hard.card.repetitions).toBe(0);
    expect(hard.card.correct_reviews).toBe(card.correct_reviews);
    expect(hard.log).toMatchObject({ rating: 1, correct: false, grade: 2 });
  });

  it("aims the interval at the policy's retention for the new memory state", () => {
    const { card, now } = reviewed();
    const policy = computeRetentionPolicy({ lambda: 4, horizonDays: 365 });
    const result = scheduleReview({ card, correct: true, now, policy });
    const { stability, difficulty } = result.card;
    expect(result.card.interval).toBe(policyInterval(policy, stability, difficulty));
    const fixed = scheduleReview({ card, correct: true, now }).card;
    expect(result.card.stability).toBe(fixed.stability);
    // λ = 4 over a one-year horizon targets less than 0.90 for this state, so the interval is longer than FSRS's at 0.90.
    expect(policyRetention(policy, stability, difficulty)).toBeLessThan(0.9);
    expect(result.card.interval).toBeGreaterThan(fixed.interval);
    expect(scheduleReview({ card, correct: true, now, policy })).toEqual(result);
  });
});

describe('scheduleReview with a source of chance', () => {
  it('spreads the interval within its fuzz range and keeps the memory state', () => {
    const { card } = answer(newCard(start), [true, true, true]);
    const now = card.next_review_date;
    const exact = scheduleReview({ card, correct: true, now }).card;
    const { min, max } = fuzzRange(exact.interval);
    expect(max).toBeGreaterThan(min);
    const low = scheduleReview({ card, correct: true, now, random: () => 0 }).card;
    const high = scheduleReview({ card, correct: true, now, random: () => 0.9999 }).card;
    expect([low.interval, high.interval]).toEqual([min, max]);
    expect(high.next_review_date.getTime()).toBe(now.getTime() + max * 86_400_000);
    expect(low.stability).toBe(exact.stability);
  });
});
