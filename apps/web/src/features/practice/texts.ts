/**
 * Practice texts: the spec's own (§2 "Infinity practice", §8) verbatim, and Verba's wording for
 * what the spec leaves unnamed (the card controls).
 */
export const PRACTICE_TEXT = {
  // Spec §2 "Infinity practice" and §8.
  backToFeed: 'Back to Feed',
  noWordsTitle: 'No Words Available',
  goToMyWords: 'Go to My Words',
  greatPractice: 'Great Practice!',
  practiceAgain: 'Practice Again',
  errorLoadingWords: 'Error loading words',
  retry: 'Retry',
  wordMastered: 'Word Mastered',
  // Spec §2 "Feed" and §8: the daily session's toasts.
  sessionComplete: 'Session complete! 🎉',
  allDone: 'All done! 🎉',
  generationError: 'Session Generation Error',
  generationErrorDescription: 'Unable to generate practice items. Please try again.',
  allDoneDescription: 'No more words are due right now.',
  // The cards.
  tapToReveal: 'Tap or press Space to reveal',
  tapToHide: 'Tap or press Space to turn back',
  knewIt: 'I knew it',
  didNotKnow: "I didn't know",
  chooseTranslation: 'Choose the translation',
  spellTheWord: 'Type the word',
  check: 'Check',
  correct: 'Correct!',
  incorrect: 'Not quite',
  theAnswerIs: 'The answer:',
  speak: 'Speak',
  /** The speak button's name where saying the word would give the answer away (spelling). */
  speakTheWord: 'Speak the word',
  continue: 'Continue',
  continueHint: 'Press Enter or Space to continue',
  undo: 'Undo last answer',
  undone: 'Answer undone',
  undoFailed: 'Your answer could not be undone',
  undoFailedDescription:
    'Only the last answer of a session can be taken back, on the day it was given.',
  missedTitle: 'Words to look at again',
  missedText: 'Each missed word opens its card.',
  backToGroup: 'Back to Group',
  answerFailed: 'Your answer was not saved',
  answerFailedDescription: 'Check your connection and answer again.',
} as const;
