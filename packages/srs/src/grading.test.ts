import { describe, expect, it } from 'vitest';
import { gradeFromDrills, isCorrectGrade, type DrillEvidence } from './grading.ts';

const rec = (correct: boolean, durationMs?: number): DrillEvidence => ({
  kind: 'recognition',
  correct,
  ...(durationMs !== undefined ? { durationMs } : {}),
});
const recall = (correct: boolean, durationMs?: number): DrillEvidence => ({
  kind: 'recall',
  correct,
  ...(durationMs !== undefined ? { durationMs } : {}),
});

describe('grade from a session’s drills', () => {
  it('all drills right → Good', () => {
    expect(gradeFromDrills([rec(true), recall(true)])).toBe(3);
    expect(gradeFromDrills([rec(true), rec(true), recall(true), recall(true)])).toBe(3);
  });

  it('recognition right but a recall drill wrong → Hard, when the word was produced or tried once', () => {
    expect(gradeFromDrills([rec(true), recall(false)])).toBe(2);
    expect(gradeFromDrills([rec(true), rec(true), recall(false)])).toBe(2);
    expect(gradeFromDrills([rec(true), rec(true), recall(true), recall(false)])).toBe(2);
    expect(gradeFromDrills([rec(true), recall(false), recall(true)])).toBe(2);
  });

  it('recognition right but every one of two or more recall drills wrong → Again (a lapse)', () => {
    expect(gradeFromDrills([rec(true), recall(false), recall(false)])).toBe(1);
    expect(gradeFromDrills([rec(true), rec(true), recall(false), recall(false)])).toBe(1);
    expect(gradeFromDrills([recall(false), recall(false), recall(false)])).toBe(1);
  });

  it('only recognition drills, all right → Good; a single wrong recall drill alone → Again', () => {
    expect(gradeFromDrills([rec(true), rec(true)])).toBe(3);
    expect(gradeFromDrills([recall(false)])).toBe(1);
  });

  it('Good only when every drill is right, whatever the mix', () => {
    const kinds = ['recognition', 'recall'] as const;
    for (let n = 1; n <= 4; n++)
      for (let mask = 0; mask < 1 << (2 * n); mask++) {
        const drills: DrillEvidence[] = Array.from({ length: n }, (_, i) => ({
          kind: kinds[(mask >> (2 * i)) & 1]!,
          correct: ((mask >> (2 * i + 1)) & 1) === 1,
        }));
        const grade = gradeFromDrills(drills);
        expect(grade >= 3).toBe(drills.every((d) => d.correct));
        expect(gradeFromDrills(drills)).toBe(grade);
      }
  });

  it('a recognition drill wrong, or everything wrong → Again', () => {
    expect(gradeFromDrills([rec(false), recall(false)])).toBe(1);
    expect(gradeFromDrills([rec(false), recall(true)])).toBe(1);
    expect(gradeFromDrills([rec(true), rec(false), recall(false)])).toBe(1);
    expect(gradeFromDrills([])).toBe(1);
  });

  it('Easy only when asked for: all right with every recall drill faster than the limit', () => {
    expect(gradeFromDrills([rec(true, 900), recall(true, 1500)])).toBe(3);
    expect(gradeFromDrills([rec(true, 900), recall(true, 1500)], { easyRecallMs: 2000 })).toBe(4);
    expect(gradeFromDrills([rec(true), recall(true, 2500)], { easyRecallMs: 2000 })).toBe(3);
    expect(gradeFromDrills([rec(true), recall(true)], { easyRecallMs: 2000 })).toBe(3);
    expect(gradeFromDrills([rec(true, 100), rec(true, 100)], { easyRecallMs: 2000 })).toBe(3);
    expect(gradeFromDrills([rec(true), recall(false, 100)], { easyRecallMs: 2000 })).toBe(2);
  });

  it('only Good and Easy count as correct for streaks and accuracy', () => {
    expect([1, 2, 3, 4].map((g) => isCorrectGrade(g as 1 | 2 | 3 | 4))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
