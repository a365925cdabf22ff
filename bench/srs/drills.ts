import { gradeFromDrills, type DrillEvidence, type ReviewGrade } from '@verba/srs';

/**
 * The drills (practice items) through which a word is answered in a session, and how hard each is
 * relative to the word's recall probability. The first four are today's session; the others are the
 * drills of issue 28 (typed recall, cloze, listening).
 */
export type DrillKind =
  | 'recognition-card'
  | 'choice'
  | 'production-card'
  | 'spelling'
  | 'typed-recall'
  | 'cloze-typed'
  | 'cloze-choice'
  | 'listening-typed'
  | 'listening-choice';

/**
 * Offset of each drill on the logit of the word's recall probability: a drill's success probability is
 * sigmoid(logit(p) + offset).
 *
 * The ORDER is cited: recognising a word is easier than producing it, and recognition among options
 * easier than recall of the form (Laufer & Goldstein 2004, "Testing vocabulary knowledge: size, strength,
 * and computer adaptiveness", Language Learning 54(3): a hierarchy from passive recognition, the easiest,
 * to active recall, the hardest); a cue (a sentence around the gap, the word's sound) makes retrieval
 * easier than from the meaning alone (encoding specificity: Tulving & Thomson 1973). Production is also
 * the stronger evidence of retrieval (the testing effect: Roediger & Karpicke 2006, "Test-enhanced
 * learning", Psychological Science 17(3); Kang, McDermott & Roediger 2007, European Journal of Cognitive
 * Psychology 19(4): short-answer tests beat multiple choice). The SIZES are ASSUMPTIONS: no source
 * gives these drills' differences on a logit scale. The benchmark varies them (×0: every drill as hard
 * as recall; ×2; recognition only ×2; production only ×2) in a sensitivity run.
 */
export const DRILL_LOGIT_OFFSETS: Readonly<Record<DrillKind, number>> = {
  choice: 1.0,
  'recognition-card': 0.5,
  'production-card': -0.3,
  spelling: -0.8,
  // Typing the word from its meaning: production of the exact form, as hard as spelling (assumption).
  'typed-recall': -0.8,
  // Typing the word into its sentence: production with a context cue, easier than from the meaning alone
  // (order cited, size an assumption).
  'cloze-typed': -0.5,
  // Choosing the word for the gap among 4: recognition with a context cue, the easiest (assumption).
  'cloze-choice': 1.2,
  // Typing a heard word: the form is given by ear, its spelling must be produced (assumption).
  'listening-typed': -0.4,
  // Choosing a heard word's meaning among 4: recognition, harder by ear than on the page for a learner
  // (assumption).
  'listening-choice': 0.8,
};

/**
 * How much wider than a typed drill's success band its "Almost" band is, on the logit of recall: a
 * typed answer is a near miss (one edit away, or accents only) when the draw falls between the drill's
 * success probability and sigmoid(logit(p) + offset + NEAR_MISS_LOGIT). ASSUMPTION: a near miss is a
 * recall with a slip in the form.
 */
export const NEAR_MISS_LOGIT = 0.4;

/** Share of words long enough (5+ letters) for a one-edit near miss to count (assumption). */
export const NEAR_MISS_WORD_SHARE = 0.7;

export const DRILL_EVIDENCE_KIND: Readonly<Record<DrillKind, DrillEvidence['kind']>> = {
  choice: 'recognition',
  'recognition-card': 'recognition',
  'production-card': 'recall',
  spelling: 'recall',
  'typed-recall': 'recall',
  'cloze-typed': 'recall',
  'cloze-choice': 'recognition',
  'listening-typed': 'recall',
  'listening-choice': 'recognition',
};

/** Drills answered by typing, where an answer can be a near miss. */
export const TYPED_DRILLS: ReadonlySet<DrillKind> = new Set([
  'spelling',
  'typed-recall',
  'cloze-typed',
  'listening-typed',
]);

/**
 * Which drills a session gives: 'today' (flashcards, multiple choice, spelling) or 'issue28' (the new
 * drills mixed by the word's maturity, with near misses).
 */
export type DrillMix = 'today' | 'issue28';

/** One drill's outcome; `correct` is false for a near miss, which `almost` marks. */
export interface Drill extends DrillEvidence {
  drill: DrillKind;
  almost?: boolean;
}

/** Offsets as the learner has them: the stated ones scaled, recognition and recall drills separately. */
export interface DrillScale {
  recognition: number;
  recall: number;
}

/** How a run's offsets are labelled in the results: '×1' (as stated), '×0', 'recognition ×2', … */
export function scaleLabel(scale: number | DrillScale): string {
  if (typeof scale === 'number') return `×${scale}`;
  if (scale.recognition === scale.recall) return `×${scale.recall}`;
  if (scale.recall === 1) return `recognition ×${scale.recognition}`;
  if (scale.recognition === 1) return `production ×${scale.recall}`;
  return `recognition ×${scale.recognition}, production ×${scale.recall}`;
}

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

/**
 * The product's grade with near misses (issue 28: "Almost" counts as a Hard, not a miss): a near miss is
 * read as a right drill by `gradeFromDrills`, and the grade is then at most Hard.
 */
export function productGrade(drills: readonly Drill[]): ReviewGrade {
  const anyAlmost = drills.some((d) => d.almost);
  if (!anyAlmost) return gradeFromDrills(drills);
  const grade = gradeFromDrills(drills.map((d) => (d.almost ? { ...d, correct: true } : d)));
  return grade >= 2 ? 2 : 1;
}

/** Whether a right/wrong scheduler sees the answer as right: every drill right or a near miss. */
export function answeredRight(drills: readonly Drill[]): boolean {
  return drills.every((d) => d.correct || d.almost);
}

/** Today's session: 2, 3 or 4 drills (`u` uniform in [0, 1)), always a recognition card and spelling. */
export function drillsForAnswer(u: number): DrillKind[] {
  const count = 2 + Math.min(2, Math.floor(u * 3));
  if (count === 2) return ['recognition-card', 'spelling'];
  if (count === 3) return ['recognition-card', 'production-card', 'spelling'];
  return ['recognition-card', 'choice', 'production-card', 'spelling'];
}

/** A word's maturity for the drill mix: by the number of answers it has had (the first exposure counts). */
export type Maturity = 'new' | 'learning' | 'mature';

export function maturityOf(answers: number): Maturity {
  return answers < 3 ? 'new' : answers < 6 ? 'learning' : 'mature';
}

/**
 * The session of issue 28: 2, 3 or 4 drills by the word's maturity, following the spec's rules with the
 * new drills where they fit: new words recognition first (with typed recall as the one production
 * drill); learning words typed recall and cloze; mature words mostly production and listening. Every
 * answer has a production drill, as today's has spelling.
 */
export function issue28Drills(u: number, maturity: Maturity): DrillKind[] {
  const count = 2 + Math.min(2, Math.floor(u * 3));
  const mixes: Record<Maturity, DrillKind[][]> = {
    new: [
      ['recognition-card', 'typed-recall'],
      ['recognition-card', 'choice', 'typed-recall'],
      ['recognition-card', 'choice', 'listening-choice', 'typed-recall'],
    ],
    learning: [
      ['cloze-choice', 'typed-recall'],
      ['recognition-card', 'cloze-typed', 'typed-recall'],
      ['recognition-card', 'cloze-choice', 'cloze-typed', 'typed-recall'],
    ],
    mature: [
      ['listening-typed', 'typed-recall'],
      ['listening-choice', 'listening-typed', 'typed-recall'],
      ['listening-choice', 'cloze-typed', 'listening-typed', 'typed-recall'],
    ],
  };
  return mixes[maturity][count - 2]!;
}

function scaleFor(kind: DrillKind, scale: DrillScale): number {
  return DRILL_EVIDENCE_KIND[kind] === 'recognition' ? scale.recognition : scale.recall;
}

export function drillProbability(
  p: number,
  kind: DrillKind,
  scale: number | DrillScale = 1,
): number {
  const s = typeof scale === 'number' ? scale : scaleFor(kind, scale);
  return sigmoid(logit(p) + s * DRILL_LOGIT_OFFSETS[kind]);
}

const logit = (p: number) => {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
};
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Upper end of a typed drill's near-miss band (its success probability when near misses are off). */
function nearMissProbability(p: number, kind: DrillKind, scale: number | DrillScale): number {
  const s = typeof scale === 'number' ? scale : scaleFor(kind, scale);
  return sigmoid(logit(p) + s * DRILL_LOGIT_OFFSETS[kind] + NEAR_MISS_LOGIT);
}

/**
 * Outcomes of the drills of one answer. One uniform draw `u` (the same one that decides whether the word
 * was recalled at all) drives every drill, so a learner who gets a harder drill right also gets the easier
 * ones right (an ASSUMPTION: no slips or lucky guesses beyond what the offsets imply). With `nearMisses`,
 * a typed drill missed by a draw within its near-miss band is an "Almost".
 */
export function drillOutcomes(
  p: number,
  u: number,
  drills: readonly DrillKind[],
  scale: number | DrillScale = 1,
  nearMisses = false,
): Drill[] {
  return drills.map((drill) => {
    const correct = u < drillProbability(p, drill, scale);
    const almost =
      nearMisses && !correct && TYPED_DRILLS.has(drill) && u < nearMissProbability(p, drill, scale);
    return { drill, kind: DRILL_EVIDENCE_KIND[drill], correct, ...(almost ? { almost } : {}) };
  });
}

/**
 * Probability that the word was recalled, given its drills' outcomes and the recall `predicted` for it,
 * under the drill model at the stated offsets: the outcomes bound the answer's draw u to an interval (a
 * right drill: u below its probability; a wrong one: u above it; a near miss: inside its band), the word
 * was recalled when u < p, and p is read as `predicted`. Inconsistent outcomes (none of the model's draws
 * gives them) fall back to the share of drills right, production weighted double.
 */
export function recallProbability(drills: readonly Drill[], predicted: number): number {
  let lo = 0;
  let hi = 1;
  for (const d of drills) {
    const q = drillProbability(predicted, d.drill);
    if (d.correct) hi = Math.min(hi, q);
    else if (d.almost) {
      lo = Math.max(lo, q);
      hi = Math.min(hi, nearMissProbability(predicted, d.drill, 1));
    } else lo = Math.max(lo, q);
  }
  if (hi > lo) return Math.min(1, Math.max(0, (Math.min(hi, predicted) - lo) / (hi - lo)));
  let weight = 0;
  let right = 0;
  for (const d of drills) {
    const w = d.kind === 'recall' ? 2 : 1;
    weight += w;
    if (d.correct || d.almost) right += w;
  }
  return weight > 0 ? right / weight : 0;
}

/**
 * The grade weighted by drill strength: every drill right → Good; otherwise the probability of recall
 * given the drills (`recallProbability`) decides: at least `hardAbove` → Hard, else Again. So a
 * production drill right is evidence of recall (Hard at worst), and "recognised, production wrong" is a
 * Hard or an Again by how far the offsets place recall from what the scheduler predicted.
 */
export function weightedGrade(
  drills: readonly Drill[],
  predicted: number,
  hardAbove = 0.5,
): ReviewGrade {
  if (drills.length === 0) return 1;
  if (drills.every((d) => d.correct)) return 3;
  return recallProbability(drills, predicted) >= hardAbove ? 2 : 1;
}
