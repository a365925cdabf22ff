import { describe, expect, it } from 'vitest';
import { groupCountsText, groupPercent } from './groups.ts';

describe('group counts', () => {
  it("reads 'N words • M mastered', singular for one", () => {
    expect(groupCountsText({ totalWords: 5, masteredWords: 2 })).toBe('5 words • 2 mastered');
    expect(groupCountsText({ totalWords: 1, masteredWords: 0 })).toBe('1 word • 0 mastered');
  });

  it('rounds the mastered percent, 0 for an empty group', () => {
    expect(groupPercent({ totalWords: 3, masteredWords: 2 })).toBe(67);
    expect(groupPercent({ totalWords: 0, masteredWords: 0 })).toBe(0);
    expect(groupPercent({ totalWords: 4, masteredWords: 4 })).toBe(100);
  });
});
