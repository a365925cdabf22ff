import { gradeFromDrills } from '@verba/srs';
import { describe, expect, it } from 'vitest';
import {
  DRILL_LOGIT_OFFSETS,
  drillOutcomes,
  drillProbability,
  drillsForAnswer,
  recognisedIsHard,
  type DrillKind,
} from './drills.ts';

const ALL: DrillKind[] = ['recognition-card', 'choice', 'production-card', 'spelling'];

describe('drill model', () => {
  it('gives 2, 3 or 4 drills, always a recognition card and spelling', () => {
    expect(drillsForAnswer(0)).toEqual(['recognition-card', 'spelling']);
    expect(drillsForAnswer(0.5)).toHaveLength(3);
    expect(drillsForAnswer(0.999)).toEqual(ALL);
  });

  it('shifts each drill on the logit of recall by its stated offset', () => {
    // p = 0.5 has logit 0: each drill's probability is sigmoid(offset).
    for (const kind of ALL) {
      expect(drillProbability(0.5, kind)).toBeCloseTo(
        1 / (1 + Math.exp(-DRILL_LOGIT_OFFSETS[kind])),
        12,
      );
      expect(drillProbability(0.5, kind, 0)).toBeCloseTo(0.5, 12);
      expect(drillProbability(0.8, kind, 0)).toBeCloseTo(0.8, 12);
    }
    // logit(0.9) + 1.0 (choice) → 0.9607…; logit(0.9) − 0.8 (spelling) → 0.8013…
    expect(drillProbability(0.9, 'choice')).toBeCloseTo(1 / (1 + Math.exp(-(Math.log(9) + 1))), 12);
    expect(drillProbability(0.9, 'spelling')).toBeCloseTo(
      1 / (1 + Math.exp(-(Math.log(9) - 0.8))),
      12,
    );
    expect(drillProbability(0.9, 'spelling', 2)).toBeLessThan(drillProbability(0.9, 'spelling'));
  });

  it('grades one answer from one draw: easier drills are right whenever harder ones are', () => {
    const p = 0.85;
    const spelling = drillProbability(p, 'spelling');
    const production = drillProbability(p, 'production-card');
    const card = drillProbability(p, 'recognition-card');
    // Below the spelling probability every drill is right: Good.
    expect(gradeFromDrills(drillOutcomes(p, spelling - 0.01, ALL))).toBe(3);
    // Between spelling and production: recognition right, one recall drill right, one wrong: Hard.
    const between = drillOutcomes(p, (spelling + production) / 2, ALL);
    expect(between.filter((d) => d.kind === 'recognition').every((d) => d.correct)).toBe(true);
    expect(between.filter((d) => d.kind === 'recall').map((d) => d.correct)).toEqual([true, false]);
    expect(gradeFromDrills(between)).toBe(2);
    // Between production and recognition: recognised, but both recall drills wrong: Again; with
    // spelling the only recall drill, that one miss is a Hard.
    const u = (production + card) / 2;
    expect(gradeFromDrills(drillOutcomes(p, u, ALL))).toBe(1);
    expect(gradeFromDrills(drillOutcomes(p, u, ['recognition-card', 'spelling']))).toBe(2);
    // Above every drill's probability: Again.
    expect(gradeFromDrills(drillOutcomes(p, 0.999, ALL))).toBe(1);
    // With no offsets, the drills agree with plain recall: never Hard.
    for (const u of [0.1, 0.5, 0.84, 0.86, 0.99])
      expect(gradeFromDrills(drillOutcomes(p, u, ALL, 0))).toBe(u < p ? 3 : 1);
  });

  it("keeps the baseline's earlier map: recognised but not recalled is Hard, however many recall drills", () => {
    const p = 0.85;
    const u =
      (drillProbability(p, 'production-card') + drillProbability(p, 'recognition-card')) / 2;
    const drills = drillOutcomes(p, u, ALL);
    expect(recognisedIsHard(drills)).toBe(2);
    expect(gradeFromDrills(drills)).toBe(1);
    for (const v of [0.01, 0.5, 0.999]) {
      const same = drillOutcomes(p, v, ALL);
      expect(recognisedIsHard(same)).toBe(gradeFromDrills(same));
    }
    expect(recognisedIsHard([])).toBe(1);
  });
});
