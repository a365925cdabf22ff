/** FSRS grade of a word's answer: 1 Again, 2 Hard, 3 Good, 4 Easy. */
export type ReviewGrade = 1 | 2 | 3 | 4;

/** One drill (practice item) answered for a word in a session. */
export interface DrillEvidence {
  /**
   * 'recognition': the learner sees the target word (target-to-native flashcard, multiple choice);
   * 'recall': the learner produces it (native-to-target flashcard, spelling).
   */
  kind: 'recognition' | 'recall';
  correct: boolean;
  /** Time taken to answer, when known. */
  durationMs?: number | null;
}

export interface GradeOptions {
  /**
   * When set, an answer whose drills are all right and whose recall drills were all answered in less than
   * this many milliseconds is graded Easy. Off by default: the benchmark does not model answer time, so it
   * has not shown that this helps.
   */
  easyRecallMs?: number | null;
}

/**
 * The grade a session's evidence gives a word:
 * - every drill right → Good;
 * - every recognition drill right, a recall drill wrong, and either another recall drill right or the
 *   wrong one the only recall drill → Hard (the word was produced, or the one attempt to produce it is
 *   too little evidence of a lapse: a misspelling is often a recalled word);
 * - otherwise → Again: a recognition drill wrong, nothing right, or every one of two or more recall
 *   drills wrong (the learner could not produce the word on any attempt, which FSRS should treat as a
 *   lapse, not a hard recall; recognising a word is not recalling it).
 * The learner-facing rule ("correct when all items are correct") is unchanged: only Good and Easy are
 * correct answers, and they are given only when every drill was right. An empty list is an Again.
 */
export function gradeFromDrills(
  drills: readonly DrillEvidence[],
  options: GradeOptions = {},
): ReviewGrade {
  if (drills.length === 0) return 1;
  if (drills.every((d) => d.correct)) {
    const limit = options.easyRecallMs;
    const recalls = drills.filter((d) => d.kind === 'recall');
    if (
      limit != null &&
      recalls.length > 0 &&
      recalls.every((d) => d.durationMs != null && d.durationMs >= 0 && d.durationMs < limit)
    ) {
      return 4;
    }
    return 3;
  }
  const anyRight = drills.some((d) => d.correct);
  const recognitionRight = drills.every((d) => d.kind === 'recall' || d.correct);
  const recalls = drills.filter((d) => d.kind === 'recall');
  const produced = recalls.length <= 1 || recalls.some((d) => d.correct);
  return anyRight && recognitionRight && produced ? 2 : 1;
}

/** Whether a grade counts as a correct answer for streaks and accuracy (all items right). */
export function isCorrectGrade(grade: ReviewGrade): boolean {
  return grade >= 3;
}
