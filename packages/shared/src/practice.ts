/**
 * Practice's constants and rules without the schema library, so the practice screens can use them
 * without loading it (the request and response schemas are in practice.ts).
 */

/** How an answer was given (spec §3 review_sessions.practice_type). */
export const PRACTICE_TYPES = ['flashcard', 'multiple-choice', 'spelling', 'infinity'] as const;
export type PracticeType = (typeof PRACTICE_TYPES)[number];

export const REVIEW_OUTCOMES = ['correct', 'incorrect'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** The drills a practice item can be (spec §3 "Practice item"). */
export const ITEM_TYPES = ['flashcard', 'multiple-choice', 'spelling'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

export const FLASHCARD_DIRECTIONS = ['target-to-native', 'native-to-target'] as const;
export type FlashcardDirection = (typeof FLASHCARD_DIRECTIONS)[number];

/** A daily session follows the schedule; an infinity round practises any words and changes none. */
export const SESSION_MODES = ['daily', 'infinity'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** Spec §9 "Words and sessions" and "Timing and interaction". */
export const PRACTICE_LIMITS = {
  dueWordsPerSession: 5,
  infinityWords: 20,
  /** Items per word by the number of words in the session: 1 → 2, 2 → 3, 3 or more → 4. */
  itemsPerWord: (wordCount: number) => (wordCount <= 1 ? 2 : wordCount === 2 ? 3 : 4),
  /** Unique translations needed before a quiz item is built. */
  quizMinTranslations: 4,
  quizOptions: 4,
  /** Seconds of study time credited per item at most. */
  creditedSecondsPerItem: 30,
  /** A completed session this recent (and words due) offers a quick review. */
  quickReviewWindowMinutes: 60,
  /** Longest response time recorded for one answer; longer means the learner walked away. */
  maxResponseTimeMs: 10 * 60 * 1000,
  spellingMaxLength: 200,
  /**
   * Words a device keeps to start practice offline: those due soonest. Two hundred hold a week
   * of daily sessions for most learners and a wide pool for infinity rounds, in about 100 KB of
   * JSON with two examples a word (saved with the query cache).
   */
  wordsOnDevice: 200,
} as const;

/** Spec §9 "Timing and interaction" (milliseconds). */
export const PRACTICE_TIMING = {
  nextItemDelay: 300,
  correctAnswerDelay: 400,
  wrongAnswerDelay: 1000,
} as const;

/** Spelling is checked trimmed, case-insensitively, with composed and decomposed accents equal. */
export function normalizeSpelling(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** What the practice API answers when a start, an answer or an undo cannot go ahead. */
export const PRACTICE_ERROR_TEXT = {
  nothingDue: 'No words are due for practice right now.',
  noWords: 'No words to practise yet: add some words first.',
  sessionNotFound: 'Practice session not found',
  itemNotFound: 'No such item in this practice session',
  itemAnswered: 'This item has already been answered',
  answerIdReused: 'This answer id was already used for another answer; make a new one',
  sessionIdTaken: 'This id is already in use; make a new one',
  sessionEnded: 'This practice session has ended; start a new one',
  groupNotFound: 'Group not found',
  wrongAnswerType: 'The answer does not match the item',
  answerNotFound: 'No such answer in this practice session',
  notLastAnswer: 'Only the last answer of a session can be undone',
  answerUndone: 'This answer was undone; answer the item again with a new answer id',
} as const;
