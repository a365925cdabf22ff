import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../testing/harness.ts';
import type { AuthRateLimits } from './rate-limit.ts';

const generous = { max: 1000, windowSeconds: 600 };
const limits = (overrides: Partial<AuthRateLimits>): AuthRateLimits => ({
  signInPerIp: generous,
  signInPerAccount: generous,
  signUpPerIp: generous,
  signUpPerAccount: generous,
  ...overrides,
});

// Counters live in the database, so every test gets a database of its own.
let base: TestHarness;
beforeEach(async () => {
  base = await TestHarness.start();
});
afterEach(() => base.close());

const attemptSignIn = (t: TestHarness, email: string, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password: 'wrong-password-1' },
    headers,
  });

describe('sign-in throttling', () => {
  it('stops an account after its budget of attempts, with Retry-After', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      rateLimits: limits({ signInPerAccount: { max: 3, windowSeconds: 600 } }),
    });
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) expect((await attemptSignIn(t, email)).status).toBe(401);
    const blocked = await attemptSignIn(t, email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(500);
    const body = (await blocked.json()) as {
      error: { code: string; message: string; retryAfterSeconds: number };
    };
    expect(body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.message).toMatch(/Too many attempts\. Try again in 10 minutes\./);
    // The same account is blocked even with the right password; another account is not.
    const signUp = await t.signUp();
    expect((await attemptSignIn(t, signUp.email)).status).toBe(401);
  });

  it('counts per address, and X-Forwarded-For does not open a new bucket without TRUST_PROXY', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      rateLimits: limits({ signInPerIp: { max: 2, windowSeconds: 600 } }),
    });
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '198.51.100.1' })).status,
    ).toBe(401);
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '198.51.100.2' })).status,
    ).toBe(401);
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '198.51.100.3' })).status,
    ).toBe(429);
  });

  it('believes the proxy-appended address when TRUST_PROXY is set', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      env: { TRUST_PROXY: 'true' },
      rateLimits: limits({ signInPerIp: { max: 1, windowSeconds: 600 } }),
    });
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '203.0.113.7' })).status,
    ).toBe(401);
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '203.0.113.7' })).status,
    ).toBe(429);
    // A client cannot pick its bucket by prepending addresses: only the last hop counts.
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' }))
        .status,
    ).toBe(429);
    expect(
      (await attemptSignIn(t, uniqueEmail(), { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(401);
  });
});

describe('sign-up throttling', () => {
  it('limits sign-ups per address', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      env: { TRUST_PROXY: 'true' },
      rateLimits: limits({ signUpPerIp: { max: 2, windowSeconds: 3600 } }),
    });
    const headers = { 'x-forwarded-for': '192.0.2.44' };
    const attempt = () =>
      t.request('/api/auth/sign-up/email', {
        method: 'POST',
        json: { email: uniqueEmail(), password: GOOD_PASSWORD },
        headers,
      });
    expect((await attempt()).status).toBe(200);
    expect((await attempt()).status).toBe(200);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);
  });

  it('shares counts between API processes through the database', async () => {
    const options = { rateLimits: limits({ signUpPerAccount: { max: 1, windowSeconds: 3600 } }) };
    const first = await TestHarness.onDatabase(base.database, options);
    const second = await TestHarness.onDatabase(
      base.database,
      options,
      await base.database.connectAgain(),
    );
    const email = uniqueEmail();
    const body = { email, password: 'short' };
    expect(
      (
        await first.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { ...body, password: GOOD_PASSWORD },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await second.request('/api/auth/sign-up/email', {
          method: 'POST',
          json: { ...body, password: GOOD_PASSWORD },
        })
      ).status,
    ).toBe(429);
  });
});
