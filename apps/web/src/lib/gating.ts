import { paths } from '../config/paths';

/** Which gate a route sits behind (spec §2, "Route gating"). */
export type GateArea = 'app' | 'onboarding' | 'guest';

/** What the gate knows so far: undefined while loading, null when there is no user. */
export interface GateState {
  user: { id: string } | null | undefined;
  onboardingCompleted: boolean | undefined;
}

export type GateDecision =
  { kind: 'loading' } | { kind: 'redirect'; to: string } | { kind: 'render' };

/** Where a signed-in user belongs: the feed once onboarded, onboarding before that. */
export function homeFor(onboardingCompleted: boolean): string {
  return onboardingCompleted ? paths.app.feed : paths.onboarding;
}

/**
 * The gating rules as one pure function:
 * - /app/* and /onboarding need a user; without one the user is sent to /auth/login;
 * - /app/* needs finished onboarding; otherwise the user is sent to /onboarding;
 * - /onboarding after finishing it sends the user to /app/feed;
 * - the sign-in and sign-up pages send a signed-in user to where they belong. They show at once,
 *   without waiting to learn who is signed in: most visitors there are not.
 */
export function decideGate(area: GateArea, state: GateState): GateDecision {
  if (state.user === undefined) return area === 'guest' ? { kind: 'render' } : { kind: 'loading' };
  if (state.user === null) {
    return area === 'guest' ? { kind: 'render' } : { kind: 'redirect', to: paths.auth.login };
  }
  if (state.onboardingCompleted === undefined) return { kind: 'loading' };
  switch (area) {
    case 'guest':
      return { kind: 'redirect', to: homeFor(state.onboardingCompleted) };
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
