import type { DrillEvidence } from '@verba/srs';

/**
 * The drills (practice items) through which a word is answered in a session, and how hard each is
 * relative to the word's recall probability.
 */
export type DrillKind = 'recognition-card' | 'choice' | 'production-card' | 'spelling';

/**
 * Offset of each drill on the logit of the word's recall probability: a drill's success probability is
 * sigmoid(logit(p) + offset). ASSUMPTIONS, not measured: recognising a word among four options or from
 * its target-language form is easier than producing it (the receptive/productive gap is well documented
 * in vocabulary research, but we know of no source that gives these drills' sizes on a logit scale), and
 * spelling it exactly is hardest. The benchmark varies them (×0: all drills as hard as recall; ×2) in a
 * sensitivity run.
 */
export const DRILL_LOGIT_OFFSETS: Readonly<Record<DrillKind, number>> = {
  choice: 1.0,
  'recognition-card': 0.5,
  'production-card': -0.3,
  spelling: -0.8,
};

export const DRILL_EVIDENCE_KIND: Readonly<Record<DrillKind, DrillEvidence['kind']>> = {
  choice: 'recognition',
  'recognition-card': 'recognition',
  'production-card': 'recall',
  spelling: 'recall',
};

/**
 * The grading map of decision 001 before 2026-11-24: every drill right → Good; every recognition drill
 * right but a recall drill wrong → Hard; otherwise → Again. Kept for the fixed-retention baseline that
 * read it (`fsrs-graded`), so changing the product's map (`gradeFromDrills`) leaves that baseline as it
 * was; the baseline on the product's map is swept too, and the better of the two counts.
 */
export function recognisedIsHard(drills: readonly DrillEvidence[]): 1 | 2 | 3 {
  if (drills.length === 0) return 1;
  if (drills.every((d) => d.correct)) return 3;
  const anyRight = drills.some((d) => d.correct);
  const recognitionRight = drills.every((d) => d.kind === 'recall' || d.correct);
  return anyRight && recognitionRight ? 2 : 1;
}

/** 2, 3 or 4 drills for one answer (`u` uniform in [0, 1)): the product mixes flashcards and spelling. */
export function drillsForAnswer(u: number): DrillKind[] {
  const count = 2 + Math.min(2, Math.floor(u * 3));
  if (count === 2) return ['recognition-card', 'spelling'];
  if (count === 3) return ['recognition-card', 'production-card', 'spelling'];
  return ['recognition-card', 'choice', 'production-card', 'spelling'];
}

export function drillProbability(p: number, kind: DrillKind, scale = 1): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  const logit = Math.log(q / (1 - q)) + scale * DRILL_LOGIT_OFFSETS[kind];
  return 1 / (1 + Math.exp(-logit));
}

/**
 * Outcomes of the drills of one answer. One uniform draw `u` (the same one that decides whether the word
 * was recalled at all) drives every drill, so a learner who gets a harder drill right also gets the easier
 * ones right (an ASSUMPTION: no slips or lucky guesses beyond what the offsets imply).
 */
export function drillOutcomes(
  p: number,
  u: number,
  drills: readonly DrillKind[],
  scale = 1,
): DrillEvidence[] {
  return drills.map((kind) => ({
    kind: DRILL_EVIDENCE_KIND[kind],
    correct: u < drillProbability(p, kind, scale),
  }));
}
