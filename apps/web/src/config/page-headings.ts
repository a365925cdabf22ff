import { SCREEN_TEXT } from '@verba/shared';
import { paths } from './paths';

/**
 * The headings of the pages a first visit can open on, in one place: the pages show them, and so
 * does their skeleton while the app's code and the session check are under way.
 */
export const AUTH_CARDS = {
  [paths.auth.login]: {
    title: SCREEN_TEXT.loginTitle,
    description: 'Sign in to continue learning',
  },
  [paths.auth.signup]: {
    title: SCREEN_TEXT.signupTitle,
    description: 'Start learning vocabulary for free',
  },
} as const;

// The groups' heading lives with the groups' schemas, which the first paint does not load.
export const TAB_HEADINGS: Readonly<Record<string, string>> = {
  [paths.app.feed]: SCREEN_TEXT.dailyPractice,
  [paths.app.words]: SCREEN_TEXT.myWords,
  [paths.app.profile]: 'Profile',
};
