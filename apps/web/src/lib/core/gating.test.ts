import { describe, expect, it } from 'vitest';
import {
  authPathKeepingNext,
  decideGate,
  homeFor,
  loginPathFor,
  safeNextPath,
  type GateState,
} from './gating';

const user = { id: 'u1' };
const state = (s: Omit<GateState, 'confirmed'>, confirmed = true): GateState => ({
  ...s,
  confirmed,
});

describe('decideGate', () => {
  it('waits on protected routes while the session is loading', () => {
    for (const area of ['app', 'onboarding'] as const) {
      expect(decideGate(area, state({ user: undefined, onboardingCompleted: undefined }))).toEqual({
        kind: 'loading',
      });
    }
  });

  it('shows the sign-in and sign-up pages without waiting for the session', () => {
    expect(decideGate('guest', state({ user: undefined, onboardingCompleted: undefined }))).toEqual(
      { kind: 'render' },
    );
  });

  it('sends signed-out users on protected routes to sign in', () => {
    const s = state({ user: null, onboardingCompleted: undefined });
    expect(decideGate('app', s)).toEqual({ kind: 'redirect', to: '/auth/login' });
    expect(decideGate('onboarding', s)).toEqual({ kind: 'redirect', to: '/auth/login' });
  });

  it('remembers the app page asked for on the way to sign in', () => {
    const s = state({ user: null, onboardingCompleted: undefined });
    expect(decideGate('app', s, { requested: '/app/words?q=casa#top' })).toEqual({
      kind: 'redirect',
      to: '/auth/login?next=%2Fapp%2Fwords%3Fq%3Dcasa%23top',
    });
    expect(decideGate('app', s, { requested: '/app/practice/infinity' })).toEqual({
      kind: 'redirect',
      to: '/auth/login?next=%2Fapp%2Fpractice%2Finfinity',
    });
    // The feed is where a sign-in leads anyway.
    expect(decideGate('app', s, { requested: '/app/feed' })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
    expect(decideGate('onboarding', s, { requested: '/onboarding' })).toEqual({
      kind: 'redirect',
      to: '/auth/login',
    });
  });

  it('shows the sign-in and sign-up pages to signed-out users', () => {
    expect(decideGate('guest', state({ user: null, onboardingCompleted: undefined }))).toEqual({
      kind: 'render',
    });
  });

  it('waits for the onboarding status once a user is known', () => {
    for (const area of ['app', 'onboarding', 'guest'] as const) {
      expect(decideGate(area, state({ user, onboardingCompleted: undefined }))).toEqual({
        kind: 'loading',
      });
    }
  });

  it('forces users who have not finished onboarding to /onboarding', () => {
    expect(decideGate('app', state({ user, onboardingCompleted: false }))).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    expect(decideGate('onboarding', state({ user, onboardingCompleted: false }))).toEqual({
      kind: 'render',
    });
  });

  it('sends onboarded users away from /onboarding to the feed', () => {
    expect(decideGate('onboarding', state({ user, onboardingCompleted: true }))).toEqual({
      kind: 'redirect',
      to: '/app/feed',
    });
    expect(decideGate('app', state({ user, onboardingCompleted: true }))).toEqual({
      kind: 'render',
    });
  });

  it('sends signed-in users away from sign-in and sign-up to where they belong', () => {
    expect(decideGate('guest', state({ user, onboardingCompleted: true }))).toEqual({
      kind: 'redirect',
      to: '/app/feed',
    });
    expect(decideGate('guest', state({ user, onboardingCompleted: false }))).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });

  it('after signing in, returns an onboarded user to the page remembered', () => {
    expect(
      decideGate('guest', state({ user, onboardingCompleted: true }), { next: '/app/profile' }),
    ).toEqual({ kind: 'redirect', to: '/app/profile' });
    // Onboarding comes first for a user who has not finished it.
    expect(
      decideGate('guest', state({ user, onboardingCompleted: false }), { next: '/app/profile' }),
    ).toEqual({ kind: 'redirect', to: '/onboarding' });
    // Anything but a page of the app is ignored.
    for (const next of ['//evil.example/app', 'https://evil.example/app/feed', '/auth/login']) {
      expect(decideGate('guest', state({ user, onboardingCompleted: true }), { next })).toEqual({
        kind: 'redirect',
        to: '/app/feed',
      });
    }
  });

  describe('with a copy saved on the device that the server has not yet confirmed', () => {
    it('shows the page at once when the copy allows it', () => {
      expect(decideGate('app', state({ user, onboardingCompleted: true }, false))).toEqual({
        kind: 'render',
      });
      expect(decideGate('onboarding', state({ user, onboardingCompleted: false }, false))).toEqual({
        kind: 'render',
      });
    });

    it('never redirects on its word alone: it waits for the server', () => {
      for (const s of [
        { user, onboardingCompleted: false },
        { user: null, onboardingCompleted: undefined },
      ]) {
        expect(decideGate('app', state(s, false), { requested: '/app/words' })).toEqual({
          kind: 'loading',
        });
      }
      expect(decideGate('onboarding', state({ user, onboardingCompleted: true }, false))).toEqual({
        kind: 'loading',
      });
    });

    it('keeps showing the sign-in page until the server confirms a session', () => {
      expect(decideGate('guest', state({ user, onboardingCompleted: true }, false))).toEqual({
        kind: 'render',
      });
    });
  });
});

describe('safeNextPath', () => {
  it('accepts pages of the signed-in app, with query and hash', () => {
    expect(safeNextPath('/app')).toBe('/app');
    expect(safeNextPath('/app/words')).toBe('/app/words');
    expect(safeNextPath('/app/words?q=a%20b#x')).toBe('/app/words?q=a%20b#x');
    expect(safeNextPath('/app/practice/infinity')).toBe('/app/practice/infinity');
  });

  it('refuses anything that could leave the site or the app', () => {
    for (const value of [
      null,
      undefined,
      '',
      'app/words',
      '//evil.example',
      '//evil.example/app/feed',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/app/feed',
      'javascript:alert(1)',
      '/app\u0000/feed',
      '/app\n//evil.example',
      '/\t/evil.example',
      '/application',
      '/apps/feed',
      '/auth/login',
      '/onboarding',
      '/',
      '/app/../auth/login',
      `/app/${'a'.repeat(3000)}`,
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
  });

  it('normalises dot segments that stay inside the app', () => {
    expect(safeNextPath('/app/./words')).toBe('/app/words');
  });
});

describe('loginPathFor', () => {
  it('carries the page asked for unless it is the feed or not an app page', () => {
    expect(loginPathFor('/app/profile')).toBe('/auth/login?next=%2Fapp%2Fprofile');
    expect(loginPathFor('/app/feed')).toBe('/auth/login');
    expect(loginPathFor('/app')).toBe('/auth/login');
    expect(loginPathFor('//evil.example')).toBe('/auth/login');
    expect(loginPathFor(undefined)).toBe('/auth/login');
  });
});

describe('homeFor', () => {
  it('is the feed once onboarded and onboarding before', () => {
    expect(homeFor(true)).toBe('/app/feed');
    expect(homeFor(false)).toBe('/onboarding');
  });
});

describe('authPathKeepingNext', () => {
  it('carries a safe next page between sign-in and sign-up, and drops an unsafe one', () => {
    expect(authPathKeepingNext('/auth/signup', '/app/words?sort=review')).toBe(
      '/auth/signup?next=%2Fapp%2Fwords%3Fsort%3Dreview',
    );
    expect(authPathKeepingNext('/auth/login', null)).toBe('/auth/login');
    expect(authPathKeepingNext('/auth/login', '//evil.example/app')).toBe('/auth/login');
  });
});
