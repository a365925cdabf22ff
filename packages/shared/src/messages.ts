import { countOf, UNITS } from './plural.ts';
/**
 * User-facing texts from the product spec (§2, §5, §8), kept verbatim in one place so the
 * forms, the server and the tests all speak the same words.
 */
export const VALIDATION = {
  invalidEmail: 'Invalid email address',
  emailTooLong: 'Email too long',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password too long',
  credentialsRequired: 'You must provide either an email or phone number and a password',
  languagesMustDiffer: 'Native and target languages must be different',
  feedbackTypeRequired: 'Please select a feedback type',
  feedbackTooShort: 'Feedback must be at least 10 characters',
  feedbackTooLong: 'Feedback must be less than 1000 characters',
} as const;

export const TOAST = {
  validationError: 'Validation error',
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  accountCreated: 'Account created!',
  accountCreatedDescription: "Welcome to Verba. Let's get started!",
  error: 'Error',
  onboardingUserInfoFailed: 'Failed to get user information',
  onboardingNoUser: 'No user found',
  onboardingFailed: 'Failed to complete onboarding. Please try again.',
  weakPassword: 'Password is too weak',
} as const;

export const PAGE_TEXT = {
  tagline: 'Just vocabulary, nothing disturbing.',
  taglineSecondary: 'Focus and learn with joy.',
  notFoundTitle: 'Oops! Page not found',
  notFoundLink: 'Return to Home',
  errorTitle: 'Something went wrong',
  errorText: "We're sorry, but something unexpected happened",
  errorReload: 'Reload Page',
  errorHome: 'Go Home',
  errorFooter:
    'This error has been automatically reported. If the problem persists, please contact support.',
  loading: 'Loading...',
  offlineTitle: "You're offline",
  offlineText: 'Verba will open as soon as your device is back online.',
  /** The small mark the signed-in app shows while it cannot reach the server. */
  offlineBadge: 'Offline',
} as const;

/** Screen texts from the spec (§2) that the web app shows and the browser tests look for. */
export const SCREEN_TEXT = {
  loginTitle: 'Welcome Back',
  signIn: 'Sign In',
  signupTitle: 'Create Account',
  signUp: 'Sign Up',
  getStarted: 'Get Started',
  howWeMeasured: 'How we measured',
  continue: 'Continue',
  back: 'Back',
  iSpeak: 'I speak:',
  iWantToLearn: 'I want to learn:',
  saveAndContinue: 'Save & Continue',
  startLearning: 'Start Learning',
  settingUp: 'Setting up...',
  signOut: 'Sign Out',
  navFeed: 'Feed',
  navWords: 'Words',
  navGroups: 'Groups',
  navProfile: 'Profile',
  myWords: 'My Words',
  /** The import screen's heading (My Words → Import). */
  importWords: 'Import words',
  groupsTitle: 'My Word Groups',
  groupsSubtitle: 'Automatically organized by AI',
  dailyPractice: 'Daily Practice',
  infinityPractice: 'Infinity Practice',
  backToFeed: 'Back to Feed',
  feedEmptyTitle: "Let's start learning!",
  addFirstWord: 'Add Your First Word',
} as const;

/** The word input (generate-word and hand-written cards). */
export const WORD_TEXT = {
  wordRequired: 'Please type a word or phrase',
  wordTooLong: 'A word or phrase can be at most 100 characters',
  translationRequired: 'Please add a translation',
  duplicate: 'This word is already in your collection',
  // My Words (spec §2, §8), verbatim.
  heading: 'My Words',
  inputPlaceholder: 'Type any word or phrase...',
  generate: 'Generate Word Card',
  save: 'Save Word',
  remember: 'Remember:',
  collection: 'Your Collection',
  searchPlaceholder: 'Search words...',
  emptyFiltered: 'No words found matching your filters',
  emptyCollection: 'No words yet. Add your first word above!',
  mastered: 'Mastered',
  saved: 'Word saved! ✓',
  deleted: 'Word deleted',
  saveFailed: 'Error saving word',
  deleteFailed: 'Error deleting word',
  generateFailed: 'Failed to generate word data',
  slowDown: 'Slow down!',
  /** `{time}` is replaced by the wait, e.g. "42 seconds". */
  slowDownDescription: 'Please wait {time} before generating more words.',
  noSpeech: 'Text-to-speech not supported',
  noSpeechDescription: "Your browser doesn't support text-to-speech",
  playbackError: 'Playback error',
  playbackErrorDescription: 'Could not play audio',
  // Verba's own additions around the spec's screen.
  openExisting: 'Open the card',
  writeYourself: 'Write the card yourself',
  handWrittenTitle: 'Write a card',
  handWrittenNoAi: 'AI is not configured on this server. Write the card yourself:',
  // Without an AI provider, writing the card is the way to add a word (design.md departures).
  writeCard: 'Write Word Card',
  noAiNote: 'This server has no AI provider, so you write each card yourself.',
  noAiAdminHelp: 'How an admin adds an AI provider',
  noAiAdminSteps:
    'Start the server with AI_BASE_URL and AI_MODEL set (and AI_API_KEY if the provider needs one), for example a local Ollama at http://localhost:11434/v1. The "AI provider" section of the README lists settings that work.',
  /** Follows what went wrong, e.g. 'Failed to generate word data'. */
  generationFailedWrite: 'The AI could not write this card. Write it yourself:',
  /** `{word}` is the word being written. */
  generating: 'Writing the card for “{word}”…',
  regenerate: 'Regenerate',
  discard: 'Discard',
  edit: 'Edit',
  saveChanges: 'Save Changes',
  cancel: 'Cancel',
  backToWords: 'Back to My Words',
  notFound: 'This word is not in your collection',
  updated: 'Card updated',
  /** The delete toast's action (docs/decisions/018). */
  undo: 'Undo',
  restoreFailed: 'Could not bring the word back',
} as const;

/** The collection's filter and sort (spec §2 "My Words"), by their internal values. */
export const WORD_FILTER_LABELS = {
  all: 'All Words',
  learning: 'Learning',
  mastered: 'Mastered',
  favorites: 'Favorites',
} as const;

export const WORD_SORT_LABELS = {
  recent: 'Recent',
  alphabetical: 'A-Z',
  review: 'Next Review',
} as const;

/** '1 word', '2 words'. */
export function wordCountText(count: number): string {
  return countOf(count, UNITS.word);
}

/**
 * AI provider failures (spec §8): the toast each API error code shows, as title and description.
 * The API error's message is the description, except for the two the spec gives a title of their
 * own, whose message is that title (so "Rate limit" and "usage limit" appear in the message).
 */
export const AI_TEXT = {
  notConfigured: 'AI is not configured on this server',
  rateLimited: 'Rate limit reached',
  rateLimitedDescription: 'Please try again in a few moments.',
  usageLimit: 'AI usage limit reached',
  usageLimitDescription: 'Please add credits to continue using AI features.',
  timeout: 'The AI provider did not answer in time. Please try again.',
  wordGenerationFailed: 'Failed to generate word data',
} as const;

export const AI_ERROR_TOAST = {
  AI_NOT_CONFIGURED: { title: TOAST.error, description: AI_TEXT.notConfigured },
  AI_RATE_LIMITED: { title: AI_TEXT.rateLimited, description: AI_TEXT.rateLimitedDescription },
  AI_USAGE_LIMIT: { title: AI_TEXT.usageLimit, description: AI_TEXT.usageLimitDescription },
  AI_TIMEOUT: { title: TOAST.error, description: AI_TEXT.timeout },
  AI_FAILED: { title: TOAST.error, description: AI_TEXT.wordGenerationFailed },
} as const;
