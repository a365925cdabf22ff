import { gradeFromDrills } from '@verba/srs';
import { describe, expect, it } from 'vitest';
import {
  answeredRight,
  DRILL_EVIDENCE_KIND,
  DRILL_LOGIT_OFFSETS,
  drillOutcomes,
  drillProbability,
  drillsForAnswer,
  issue28Drills,
  maturityOf,
  NEAR_MISS_LOGIT,
  productGrade,
  recallProbability,
  recognisedIsHard,
  scaleLabel,
  weightedGrade,
  type DrillKind,
  type Maturity,
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

describe("issue 28's drills and the evidence they give", () => {
  const p = 0.8;
  const mix = (m: Maturity) => [0, 0.5, 0.999].map((u) => issue28Drills(u, m));

  it('mixes drills by maturity: recognition first for new words, production and listening for mature ones', () => {
    expect(maturityOf(1)).toBe('new');
    expect(maturityOf(3)).toBe('learning');
    expect(maturityOf(6)).toBe('mature');
    for (const m of ['new', 'learning', 'mature'] as const)
      for (const drills of mix(m)) {
        expect(drills.length).toBeGreaterThanOrEqual(2);
        expect(drills.some((d) => DRILL_EVIDENCE_KIND[d] === 'recall')).toBe(true);
      }
    expect(mix('new').every((d) => d[0] === 'recognition-card')).toBe(true);
    expect(mix('learning').flat()).toContain('cloze-typed');
    expect(mix('mature').every((d) => d.includes('listening-typed'))).toBe(true);
  });

  it('makes a typed drill missed within its near-miss band an Almost, which grades Hard', () => {
    const kinds: DrillKind[] = ['recognition-card', 'typed-recall'];
    const typed = drillProbability(p, 'typed-recall');
    const band =
      1 /
      (1 +
        Math.exp(-(Math.log(p / (1 - p)) + DRILL_LOGIT_OFFSETS['typed-recall'] + NEAR_MISS_LOGIT)));
    const u = (typed + band) / 2;
    const [card, almost] = drillOutcomes(p, u, kinds, 1, true);
    expect(card!.correct).toBe(true);
    expect(almost).toMatchObject({ correct: false, almost: true });
    expect(productGrade([card!, almost!])).toBe(2);
    expect(answeredRight([card!, almost!])).toBe(true);
    // Without near misses the same draw is a plain miss; above the band it is a miss either way.
    expect(drillOutcomes(p, u, kinds, 1, false)[1]).toEqual({
      drill: 'typed-recall',
      kind: 'recall',
      correct: false,
    });
    expect(drillOutcomes(p, band + 0.001, kinds, 1, true)[1]!.almost).toBeUndefined();
    // A near miss never lifts a grade above Hard, nor rescues a wrong recognition drill.
    const wrongCard = { drill: 'recognition-card', kind: 'recognition', correct: false } as const;
    expect(productGrade([wrongCard, almost!])).toBe(1);
  });

  it('scales recognition and production offsets separately', () => {
    expect(drillProbability(p, 'choice', { recognition: 2, recall: 1 })).toBeCloseTo(
      drillProbability(p, 'choice', 2),
      12,
    );
    expect(drillProbability(p, 'spelling', { recognition: 2, recall: 1 })).toBeCloseTo(
      drillProbability(p, 'spelling', 1),
      12,
    );
    expect(scaleLabel(1)).toBe('×1');
    expect(scaleLabel({ recognition: 2, recall: 2 })).toBe('×2');
    expect(scaleLabel({ recognition: 2, recall: 1 })).toBe('recognition ×2');
    expect(scaleLabel({ recognition: 1, recall: 2 })).toBe('production ×2');
  });

  it('reads the drills as a probability of recall from the interval their outcomes leave the draw', () => {
    const kinds: DrillKind[] = ['recognition-card', 'typed-recall'];
    const typed = drillProbability(p, 'typed-recall');
    const card = drillProbability(p, 'recognition-card');
    // A production drill right: the draw is below it, below p: recalled for sure.
    expect(recallProbability(drillOutcomes(p, typed / 2, kinds), p)).toBe(1);
    // Recognised, production wrong: u in [typed, card); recalled when u < p.
    const mid = drillOutcomes(p, (typed + card) / 2, kinds);
    expect(recallProbability(mid, p)).toBeCloseTo((p - typed) / (card - typed), 12);
    // Nothing right: u above the easiest drill, above p: not recalled.
    expect(recallProbability(drillOutcomes(p, 0.999, kinds), p)).toBe(0);
    // A lower predicted recall moves the drills' probabilities with it: the same outcomes, a lower reading.
    expect(recallProbability(mid, 0.5)).toBeLessThan(recallProbability(mid, 0.95));
    // Outcomes the model cannot give (a production drill right, recognition wrong): production counts double.
    const odd = [
      { drill: 'recognition-card', kind: 'recognition', correct: false },
      { drill: 'typed-recall', kind: 'recall', correct: true },
    ] as const;
    expect(recallProbability(odd, p)).toBeCloseTo(2 / 3, 12);
  });

  it('grades by drill strength: production right is at worst Hard; recognised only is Hard or Again by the offsets', () => {
    const kinds: DrillKind[] = ['recognition-card', 'choice', 'cloze-typed', 'typed-recall'];
    const typed = drillProbability(p, 'typed-recall');
    const cloze = drillProbability(p, 'cloze-typed');
    const card = drillProbability(p, 'recognition-card');
    expect(weightedGrade(drillOutcomes(p, typed / 2, kinds), p)).toBe(3);
    // Cloze typed right, typed recall wrong: produced, so recalled: Hard.
    expect(weightedGrade(drillOutcomes(p, (typed + cloze) / 2, kinds), p)).toBe(2);
    // Recognised, both production drills wrong: recall probability (p − cloze) / (card − cloze).
    const recognised = drillOutcomes(p, (cloze + card) / 2, kinds);
    const share = (p - cloze) / (card - cloze);
    expect(weightedGrade(recognised, p)).toBe(share >= 0.5 ? 2 : 1);
    expect(weightedGrade(recognised, p, share + 0.01)).toBe(1);
    expect(weightedGrade(recognised, p, share - 0.01)).toBe(2);
    expect(weightedGrade(drillOutcomes(p, 0.999, kinds), p)).toBe(1);
    expect(weightedGrade([], p)).toBe(1);
  });
});
