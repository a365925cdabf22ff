/**
 * Every page of the web app, in one place. Adding a page is one entry in PAGES (and its module
 * in src/app/routes/); from this list come:
 * - the router (app/router.tsx): path, lazy module, and the gate's layout around it;
 * - the first visit's preload table and the early-reads script in index.html (vite.config.ts);
 * - the skeleton a gated page paints while its code loads (components/layouts/route-skeleton.tsx),
 *   with the heading the page itself shows.
 * routes.test.ts fails when a page's module is missing or another route module is not listed,
 * and when an early read's address is not the one the app then asks for.
 *
 * Pure data: the entry (src/main.tsx) reads it to paint a skeleton before other code loads, and
 * vite.config.ts reads it while building, so it imports neither React nor the data layer (only
 * the pure functions that build the API addresses) and only with relative paths.
 */
import { ACCESS_TEXT, SCREEN_TEXT } from '@verba/shared';
import {
  DEFAULT_WORD_LIST_PARAMS,
  FIRST_WORD_PAGE,
  wordListPath,
} from '../features/words/api/word-list-path';
import type { GateArea } from '../lib/core/gating';
import { paths } from './paths';

/** Who may open a page: anyone, or what the route gate (lib/core/gating.ts) lets through. */
export type PageGate = 'public' | GateArea;

/**
 * What a page paints before its code and the sign-in check are done: the sign-in card with the
 * page's heading, the app's frame with it, or a plain 'Loading...' screen. Public pages paint
 * nothing of their own (the inline theme's background shows).
 */
export type PageSkeleton = 'auth-card' | 'app-frame' | 'loading-screen';

export interface PageEntry {
  /** The address, with `:param` segments; `*` for the not-found page. */
  path: string;
  /** The page's module, `src/app/routes/<module>.tsx`, loaded on demand. */
  module: string;
  /** The component it exports. */
  component: string;
  gate: PageGate;
  /**
   * Rendered by the entry on its own, without the router or the data layer (src/main.tsx): a
   * first visit there loads its module alone.
   */
  standalone?: true;
  /** A public page that reads or writes through the data layer (drawn inside its provider). */
  withData?: true;
  /** The id of the page this one is drawn inside (a word's card beside My Words). */
  parent?: string;
  /** Defaults to the gate's own (GATES). */
  skeleton?: PageSkeleton;
  /** The page's heading, shown by the page and by its skeleton. */
  heading?: string;
  /** The sign-in card's line under the heading. */
  description?: string;
  /**
   * API reads the page's first screen waits for, asked for by index.html while the code loads
   * (after the session and the profile, which every gated page reads).
   */
  earlyReads?: readonly string[];
}

/** Each gate's part of the site: unknown paths in it still paint its skeleton. */
export const GATES: Record<GateArea, { prefix: string; skeleton: PageSkeleton }> = {
  guest: { prefix: '/auth', skeleton: 'loading-screen' },
  onboarding: { prefix: paths.onboarding, skeleton: 'loading-screen' },
  app: { prefix: paths.app.root, skeleton: 'app-frame' },
};

/** Read early by every gated page: who is signed in, then (when someone is) the profile. */
export const SESSION_READ = '/api/auth/get-session';
export const PROFILE_READ = '/api/profile';

export const PAGES = {
  landing: {
    path: paths.home,
    module: 'landing',
    component: 'LandingRoute',
    gate: 'public',
    standalone: true,
  },
  howWeMeasured: {
    path: paths.howWeMeasured,
    module: 'how-we-measured',
    component: 'HowWeMeasuredRoute',
    gate: 'public',
  },
  verifyEmail: {
    path: paths.verifyEmail,
    module: 'verify-email',
    component: 'VerifyEmailRoute',
    gate: 'public',
    withData: true,
    heading: ACCESS_TEXT.verifyPageTitle,
    description: 'Then continue into Verba',
  },
  login: {
    path: paths.auth.login,
    module: 'auth/login',
    component: 'LoginRoute',
    gate: 'guest',
    skeleton: 'auth-card',
    heading: SCREEN_TEXT.loginTitle,
    description: 'Sign in to continue learning',
  },
  signup: {
    path: paths.auth.signup,
    module: 'auth/signup',
    component: 'SignupRoute',
    gate: 'guest',
    skeleton: 'auth-card',
    heading: SCREEN_TEXT.signupTitle,
    description: 'Start learning vocabulary for free',
  },
  forgotPassword: {
    path: paths.auth.forgotPassword,
    module: 'auth/forgot-password',
    component: 'ForgotPasswordRoute',
    gate: 'guest',
    skeleton: 'auth-card',
    heading: ACCESS_TEXT.resetTitle,
    description: 'We will send you a link',
  },
  resetPassword: {
    path: paths.auth.resetPassword,
    module: 'auth/reset-password',
    component: 'ResetPasswordRoute',
    gate: 'guest',
    skeleton: 'auth-card',
    heading: ACCESS_TEXT.newPasswordTitle,
    description: 'Then sign in with it',
  },
  onboarding: {
    path: paths.onboarding,
    module: 'onboarding',
    component: 'OnboardingRoute',
    gate: 'onboarding',
  },
  feed: {
    path: paths.app.feed,
    module: 'app/feed',
    component: 'FeedRoute',
    gate: 'app',
    heading: SCREEN_TEXT.dailyPractice,
    earlyReads: ['/api/practice/feed'],
  },
  words: {
    path: paths.app.words,
    module: 'app/words',
    component: 'WordsRoute',
    gate: 'app',
    heading: SCREEN_TEXT.myWords,
    earlyReads: [wordListPath({ ...DEFAULT_WORD_LIST_PARAMS, ...FIRST_WORD_PAGE })],
  },
  // Before the word's card, whose `:id` would match its address too.
  wordsImport: {
    path: paths.app.wordsImport,
    module: 'app/words-import',
    component: 'WordsImportRoute',
    gate: 'app',
    heading: SCREEN_TEXT.importWords,
  },
  word: {
    path: `${paths.app.words}/:id`,
    module: 'app/words-detail',
    component: 'WordDetailRoute',
    gate: 'app',
    parent: 'words',
    // A word's card is drawn under My Words' heading.
    heading: SCREEN_TEXT.myWords,
  },
  // The groups' heading lives with the groups' schemas, which the first paint does not load.
  groups: { path: paths.app.groups, module: 'app/groups', component: 'GroupsRoute', gate: 'app' },
  group: {
    path: `${paths.app.groups}/:id`,
    module: 'app/group-detail',
    component: 'GroupDetailRoute',
    gate: 'app',
  },
  practiceInfinity: {
    path: paths.app.practiceInfinity,
    module: 'app/practice-infinity',
    component: 'InfinityPracticeRoute',
    gate: 'app',
  },
  profile: {
    path: paths.app.profile,
    module: 'app/profile',
    component: 'ProfileRoute',
    gate: 'app',
    heading: 'Profile',
    earlyReads: ['/api/profile/stats'],
  },
  progress: {
    path: paths.app.progress,
    module: 'app/progress',
    component: 'ProgressRoute',
    gate: 'app',
    earlyReads: ['/api/stats'],
  },
  admin: { path: paths.app.admin, module: 'app/admin', component: 'AdminRoute', gate: 'app' },
  notFound: { path: '*', module: 'not-found', component: 'NotFoundRoute', gate: 'public' },
} as const satisfies Record<string, PageEntry>;

export type PageId = keyof typeof PAGES;

/** The manifest as a list, each entry with its id. */
export const PAGE_LIST: readonly (PageEntry & { id: PageId })[] = Object.entries(PAGES).map(
  ([id, page]) => ({ id: id as PageId, ...page }),
);

/** Where a signed-in visit to the app's root goes. */
export const APP_HOME = paths.app.feed;

/** The gate whose part of the site `pathname` lies in, if any. */
export function gateOf(pathname: string): GateArea | undefined {
  return (Object.keys(GATES) as GateArea[]).find((gate) => {
    const { prefix } = GATES[gate];
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
}

const matches = (pattern: string, pathname: string) => {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => part === have[i] || (part.startsWith(':') && have[i] !== ''))
  );
};

/** The page at `pathname` (without trailing slashes), if one is listed. */
export function pageAt(pathname: string): (PageEntry & { id: PageId }) | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PAGE_LIST.find((page) => page.path !== '*' && matches(page.path, path));
}

/** What `pathname` paints before its code loads: undefined outside the gates. */
export function skeletonAt(
  pathname: string,
): { kind: PageSkeleton; heading?: string; description?: string } | undefined {
  const gate = gateOf(pathname.replace(/\/+$/, ''));
  if (!gate) return undefined;
  const page = pageAt(pathname);
  if (!page || page.gate !== gate) return { kind: GATES[gate].skeleton };
  return {
    kind: page.skeleton ?? GATES[gate].skeleton,
    heading: page.heading,
    description: page.description,
  };
}
