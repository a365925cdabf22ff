import { paths } from '../../config/paths';

/** Which gate a route sits behind (spec §2, "Route gating"). */
export type GateArea = 'app' | 'onboarding' | 'guest';

/** What the gate knows so far: undefined while loading, null when there is no user. */
export interface GateState {
  user: { id: string } | null | undefined;
  onboardingCompleted: boolean | undefined;
  /**
   * Whether the server has confirmed `user` and `onboardingCompleted` since the app started, or
   * cannot be asked (offline). Until then they come from the copy saved on the device.
   */
  confirmed: boolean;
}

/** Where the visitor is: the page asked for, and on a sign-in page where to go afterwards. */
export interface GateLocation {
  /** Path, query and hash of the page asked for. */
  requested?: string;
  /** The `next` parameter of the sign-in and sign-up pages. */
  next?: string | null;
}

export type GateDecision =
  { kind: 'loading' } | { kind: 'redirect'; to: string } | { kind: 'render' };

/** The query parameter that carries the page to return to after signing in. */
export const NEXT_PARAM = 'next';

const ORIGIN = 'https://verba.invalid';
const MAX_NEXT_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The page to return to after signing in, if `value` is a path of the signed-in app on this
 * site (`/app` or below); null for anything else, so the parameter can never send a learner to
 * another site (`//evil.example`, `https:…`, `/\evil.example`) or to an unrelated page.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > MAX_NEXT_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (url.pathname !== paths.app.root && !url.pathname.startsWith(`${paths.app.root}/`)) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering the page asked for when it is not simply the feed. */
export function loginPathFor(requested: string | undefined): string {
  const next = safeNextPath(requested);
  if (next === null || next === paths.app.root || next === paths.app.feed) return paths.auth.login;
  return `${paths.auth.login}?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

/** The other auth page (sign in ↔ sign up), keeping the page a visitor asked for. */
export function authPathKeepingNext(path: string, next: string | null): string {
  const safe = safeNextPath(next);
  return safe === null ? path : `${path}?${NEXT_PARAM}=${encodeURIComponent(safe)}`;
}

/** Where a signed-in user belongs: the feed once onboarded, onboarding before that. */
export function homeFor(onboardingCompleted: boolean): string {
  return onboardingCompleted ? paths.app.feed : paths.onboarding;
}

/**
 * The gating rules as one pure function:
 * - /app/* and /onboarding need a user; without one the user is sent to /auth/login, which
 *   remembers the /app page asked for;
 * - /app/* needs finished onboarding; otherwise the user is sent to /onboarding;
 * - /onboarding after finishing it sends the user to /app/feed;
 * - the sign-in and sign-up pages send a signed-in user to where they belong: the remembered
 *   page once onboarded. They show at once, without waiting to learn who is signed in: most
 *   visitors there are not.
 * - A copy saved on the device may show a page at once, but only a confirmed state sends the
 *   user elsewhere: a stale copy never bounces a learner away from the page asked for.
 */
export function decideGate(
  area: GateArea,
  state: GateState,
  location: GateLocation = {},
): GateDecision {
  const decision = decideWith(area, state, location);
  if (decision.kind === 'redirect' && !state.confirmed) {
    return area === 'guest' ? { kind: 'render' } : { kind: 'loading' };
  }
  return decision;
}

function decideWith(area: GateArea, state: GateState, location: GateLocation): GateDecision {
  if (state.user === undefined) return area === 'guest' ? { kind: 'render' } : { kind: 'loading' };
  if (state.user === null) {
    if (area === 'guest') return { kind: 'render' };
    const to = area === 'app' ? loginPathFor(location.requested) : paths.auth.login;
    return { kind: 'redirect', to };
  }
  if (state.onboardingCompleted === undefined) return { kind: 'loading' };
  switch (area) {
    case 'guest':
      return {
        kind: 'redirect',
        to: state.onboardingCompleted
          ? (safeNextPath(location.next) ?? paths.app.feed)
          : paths.onboarding,
      };
    case 'onboarding':
      return state.onboardingCompleted
        ? { kind: 'redirect', to: paths.app.feed }
        : { kind: 'render' };
    case 'app':
      return state.onboardingCompleted
        ? { kind: 'render' }
        : { kind: 'redirect', to: paths.onboarding };
  }
}
