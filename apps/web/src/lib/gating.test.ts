import { describe, expect, it } from 'vitest';
import { decideGate, homeFor } from './gating';

const user = { id: 'u1' };

describe('decideGate', () => {
  it('waits on protected routes while the session is loading', () => {
    for (const area of ['app', 'onboarding'] as const) {
      expect(decideGate(area, { user: undefined, onboardingCompleted: undefined })).toEqual({
        kind: 'loading',
      });
    }
  });

  it('shows the sign-in and sign-up pages without waiting for the session', () => {
    expect(decideGate('guest', { user: undefined, onboardingCompleted: undefined })).toEqual({
      kind: 'render',
    });
  });

  it('sends signed-out users on protected routes to sign in', () => {
    const state = { user: null, onboardingCompleted: undefined };
    expect(decideGate('app', state)).toEqual({ kind: 'redirect', to: '/auth/login' });
    expect(decideGate('onboarding', state)).toEqual({ kind: 'redirect', to: '/auth/login' });
  });

  it('shows the sign-in and sign-up pages to signed-out users', () => {
    expect(decideGate('guest', { user: null, onboardingCompleted: undefined })).toEqual({
      kind: 'render',
    });
  });

  it('waits for the onboarding status once a user is known', () => {
    for (const area of ['app', 'onboarding', 'guest'] as const) {
      expect(decideGate(area, { user, onboardingCompleted: undefined })).toEqual({
        kind: 'loading',
      });
    }
  });

  it('forces users who have not finished onboarding to /onboarding', () => {
    expect(decideGate('app', { user, onboardingCompleted: false })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
    expect(decideGate('onboarding', { user, onboardingCompleted: false })).toEqual({
      kind: 'render',
    });
  });

  it('sends onboarded users away from /onboarding to the feed', () => {
    expect(decideGate('onboarding', { user, onboardingCompleted: true })).toEqual({
      kind: 'redirect',
      to: '/app/feed',
    });
    expect(decideGate('app', { user, onboardingCompleted: true })).toEqual({ kind: 'render' });
  });

  it('sends signed-in users away from sign-in and sign-up to where they belong', () => {
    expect(decideGate('guest', { user, onboardingCompleted: true })).toEqual({
      kind: 'redirect',
      to: '/app/feed',
    });
    expect(decideGate('guest', { user, onboardingCompleted: false })).toEqual({
      kind: 'redirect',
      to: '/onboarding',
    });
  });
});

describe('homeFor', () => {
  it('is the feed once onboarded and onboarding before', () => {
    expect(homeFor(true)).toBe('/app/feed');
    expect(homeFor(false)).toBe('/onboarding');
  });
});
