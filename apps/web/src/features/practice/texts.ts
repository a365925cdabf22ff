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
  answerFailed: 'Your answer was not saved',
  answerFailedDescription: 'Check your connection and answer again.',
} as const;
