import { describe, expect, it } from 'vitest';
import { isMilestone, masteryPercent, studyTimeText } from './profile.ts';

describe('profile stats (spec §9 "Profile display")', () => {
  it.each([
    [0, '0 min'],
    [1, '1 min'],
    [20, '20 min'],
    [59, '59 min'],
    [60, '1 h'],
    [61, '1 h 1 min'],
    [125, '2 h 5 min'],
    [600, '10 h'],
    [-5, '0 min'],
  ])('shows %i minutes as %s', (minutes, text) => {
    expect(studyTimeText(minutes)).toBe(text);
  });

  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [3, 3, 100],
  ])('shows %i mastered of %i as %i%%', (mastered, total, percent) => {
    expect(masteryPercent(mastered, total)).toBe(percent);
  });
});

describe('milestones (spec §4 "Analytics")', () => {
  it.each([
    ['total_words', 10, true],
    ['total_words', 30, true],
    ['total_words', 0, false],
    ['total_words', 7, false],
    ['mastered_words', 20, true],
    ['mastered_words', 25, false],
    ['streak', 7, true],
    ['streak', 14, true],
    ['streak', 10, false],
    ['streak', 0, false],
    ['streak', -7, false],
  ] as const)('%s at %i is a milestone: %s', (kind, value, expected) => {
    expect(isMilestone(kind, value)).toBe(expected);
  });
});
