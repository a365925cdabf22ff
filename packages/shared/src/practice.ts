/** Practice vocabulary shared by the scheduler's storage, the API and the practice screens. */

/** How an answer was given (spec §3 review_sessions.practice_type). */
export const PRACTICE_TYPES = ['flashcard', 'multiple-choice', 'spelling', 'infinity'] as const;
export type PracticeType = (typeof PRACTICE_TYPES)[number];

export const REVIEW_OUTCOMES = ['correct', 'incorrect'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
