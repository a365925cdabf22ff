import { describe, expect, it } from 'vitest';
import { newMilestones } from './milestones';

describe('milestone events', () => {
  it('fire for total or mastered words at a non-zero multiple of 10 and a streak at a multiple of 7', () => {
    expect(
      newMilestones({ totalWords: 20, masteredWords: 10, currentStreak: 14 }, new Set()),
    ).toEqual([
      { kind: 'total_words', value: 20 },
      { kind: 'mastered_words', value: 10 },
      { kind: 'streak', value: 14 },
    ]);
    expect(newMilestones({ totalWords: 0, masteredWords: 0, currentStreak: 0 }, new Set())).toEqual(
      [],
    );
    expect(
      newMilestones({ totalWords: 21, masteredWords: 9, currentStreak: 8 }, new Set()),
    ).toEqual([]);
  });

  it('are sent once', () => {
    expect(
      newMilestones(
        { totalWords: 30, masteredWords: 10, currentStreak: 7 },
        new Set(['total_words:30', 'streak:7']),
      ),
    ).toEqual([{ kind: 'mastered_words', value: 10 }]);
  });
});
