import { describe, expect, it } from 'vitest';
import { creditedSeconds, studyMinutes } from './answers.ts';

describe('study time', () => {
  it('credits each item at most 30 s', () => {
    expect(creditedSeconds([1_000, 45_000, 30_000, 600_000])).toBe(91);
    expect(creditedSeconds([])).toBe(0);
  });

  it('is sent in minutes, rounded up, at least 1', () => {
    expect(studyMinutes(0)).toBe(1);
    expect(studyMinutes(0.5)).toBe(1);
    expect(studyMinutes(60)).toBe(1);
    expect(studyMinutes(60.5)).toBe(2);
    expect(studyMinutes(121)).toBe(3);
  });
});
