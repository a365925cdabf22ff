import type { StoredPracticeItem } from '@verba/db';
import { describe, expect, it } from 'vitest';
import { wasUndone } from '@verba/shared';
import { lastAnswered, restoredSchedule, scheduleSnapshot } from './undo.ts';

const WORD = '00000000-0000-4000-8000-000000000001';

function item(index: number, answeredAt: string | null, undone?: string[]): StoredPracticeItem {
  return {
    index,
    wordId: WORD,
    type: 'flashcard',
    direction: 'target-to-native',
    options: null,
    correctOption: null,
    answer: answeredAt
      ? { id: `answer-${index}`, correct: true, responseTimeMs: 1_000, answeredAt, mastered: [] }
      : null,
    ...(undone ? { undoneAnswerIds: undone } : {}),
  };
}

describe('lastAnswered', () => {
  it('is the latest answer, the later item on a tie, whatever the order of the items', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s)).toISOString();
    expect(lastAnswered([item(0, at(1)), item(1, at(3)), item(2, at(2))])?.index).toBe(1);
    expect(lastAnswered([item(1, at(5)), item(0, at(5))])?.index).toBe(1);
    expect(lastAnswered([item(0, null), item(1, null)])).toBeNull();
  });
});

describe('wasUndone', () => {
  it('finds an undone answer id on any item', () => {
    const items = [item(0, null), item(1, null, ['a', 'b'])];
    expect(wasUndone(items, 'b')).toBe(true);
    expect(wasUndone(items, 'c')).toBe(false);
  });
});

describe('scheduleSnapshot', () => {
  it('round-trips the review columns exactly through JSON', () => {
    const columns = {
      interval: 3.000000000000001,
      nextReviewDate: new Date('2026-02-03T04:05:06.789Z'),
      repetitions: 2,
      totalReviews: 5,
      correctReviews: 4,
      successRate: 0.8,
      easeFactor: 2.5,
      stability: 12.345678901234567,
      difficulty: 5.1,
      state: 2,
      lapses: 1,
      learningSteps: 0,
      lastReview: null,
      mastered: false,
    };
    const stored = JSON.parse(JSON.stringify(scheduleSnapshot(columns))) as ReturnType<
      typeof scheduleSnapshot
    >;
    expect(restoredSchedule(stored)).toEqual(columns);
  });
});
