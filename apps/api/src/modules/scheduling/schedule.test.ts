import {
  defaultRetentionPolicy,
  fuzzRange,
  newCard,
  scheduleReview,
  type DrillEvidence,
} from '@verba/srs';
import { describe, expect, it } from 'vitest';
import { cardToRow, rowToCard } from './card-mapper.ts';
import { drillKind, scheduleWord } from './schedule.ts';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const DAY = 86_400_000;

/** A word last seen `days` ago with that much stability, as its row. */
function reviewedRow(days: number) {
  const { mastered: _, ...row } = cardToRow({
    ...newCard(NOW),
    state: 2,
    stability: days,
    difficulty: 5,
    interval: days,
    repetitions: 3,
    total_reviews: 3,
    correct_reviews: 3,
    success_rate: 1,
    last_review: new Date(NOW.getTime() - days * DAY),
  });
  return row;
}

describe('scheduleWord', () => {
  const recognised: DrillEvidence = { kind: 'recognition', correct: true };
  const recalled: DrillEvidence = { kind: 'recall', correct: true };
  const notRecalled: DrillEvidence = { kind: 'recall', correct: false };
  const notRecognised: DrillEvidence = { kind: 'recognition', correct: false };

  it('without fuzz, is the scheduler’s review graded from the drills, under the retention policy', () => {
    const row = reviewedRow(10);
    const cases = [
      { drills: [recognised, recalled], grade: 3, correct: true },
      { drills: [recognised, notRecalled], grade: 2, correct: false },
      { drills: [notRecognised, recalled], grade: 1, correct: false },
    ] as const;
    for (const { drills, grade, correct } of cases) {
      const next = scheduleWord({
        row,
        drills: [...drills],
        now: NOW,
        params: {},
        policy: defaultRetentionPolicy(),
        random: null,
      });
      const expected = scheduleReview({
        card: rowToCard(row),
        correct,
        grade,
        policy: defaultRetentionPolicy(),
        now: NOW,
      }).card;
      expect(next.interval).toBe(expected.interval);
      expect(next.stability).toBe(expected.stability);
      expect(next.nextReviewDate.getTime()).toBe(NOW.getTime() + expected.interval * DAY);
      expect(next.repetitions).toBe(correct ? 4 : 0);
    }
    // Recognised but not recalled is remembered better than forgotten outright.
    const hard = scheduleWord({
      row,
      drills: [recognised, notRecalled],
      now: NOW,
      params: {},
      policy: defaultRetentionPolicy(),
      random: null,
    });
    const again = scheduleWord({
      row,
      drills: [notRecognised, notRecalled],
      now: NOW,
      params: {},
      policy: defaultRetentionPolicy(),
      random: null,
    });
    expect(hard.stability).toBeGreaterThan(again.stability);
  });

  it('counts spelling and native-to-target cards as recall, the rest as recognition', () => {
    expect(drillKind({ type: 'spelling', direction: null })).toBe('recall');
    expect(drillKind({ type: 'flashcard', direction: 'native-to-target' })).toBe('recall');
    expect(drillKind({ type: 'flashcard', direction: 'target-to-native' })).toBe('recognition');
    expect(drillKind({ type: 'multiple-choice', direction: null })).toBe('recognition');
  });

  it('with fuzz, spreads longer intervals within FSRS’s range and leaves short ones', () => {
    const row = reviewedRow(30);
    const exact = scheduleWord({
      row,
      drills: [recognised, recalled],
      now: NOW,
      params: {},
      policy: defaultRetentionPolicy(),
      random: null,
    });
    const { min, max } = fuzzRange(exact.interval);
    expect(min).toBeLessThan(exact.interval);
    expect(max).toBeGreaterThan(exact.interval);
    const low = scheduleWord({
      row,
      drills: [recognised, recalled],
      now: NOW,
      params: {},
      policy: defaultRetentionPolicy(),
      random: () => 0,
    });
    const high = scheduleWord({
      row,
      drills: [recognised, recalled],
      now: NOW,
      params: {},
      policy: defaultRetentionPolicy(),
      random: () => 0.9999,
    });
    expect(low.interval).toBe(min);
    expect(high.interval).toBe(max);
    expect(high.nextReviewDate.getTime()).toBe(NOW.getTime() + max * DAY);
    // The memory state is the scheduler's either way.
    expect(low.stability).toBe(exact.stability);
    expect(fuzzRange(1)).toEqual({ min: 1, max: 1 });
    expect(fuzzRange(2)).toEqual({ min: 2, max: 2 });
  });
});
