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
  groupsTitle: 'My Word Groups',
  groupsSubtitle: 'Automatically organized by AI',
  dailyPractice: 'Daily Practice',
  infinityPractice: 'Infinity Practice',
  backToFeed: 'Back to Feed',
  feedEmptyTitle: "Let's start learning!",
  addFirstWord: 'Add Your First Word',
} as const;
