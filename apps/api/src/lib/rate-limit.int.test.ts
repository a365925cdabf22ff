import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@verba/db';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../testing/harness.ts';
import type { AuthRateLimits } from './auth-rate-limits.ts';
import { ApiError } from './errors.ts';
import {
  backoffDelaySeconds,
  clearRateLimit,
  consumeRateLimit,
  countUse,
  refundRateLimit,
  takeAttempt,
} from './rate-limit.ts';

const at = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

const generous = { max: 1000, windowSeconds: 600 };
const limits = (overrides: Partial<AuthRateLimits>): AuthRateLimits => ({
  signInPerIp: generous,
  signInFailures: {
    freeFailures: 1000,
    firstDelaySeconds: 1,
    maxDelaySeconds: 900,
    forgetAfterSeconds: 3600,
  },
  signUpPerIp: generous,
  signUpPerAccount: generous,
  weakPasswordsPerIp: generous,
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

const retryAfterOf = async (attempt: Promise<unknown>) => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe('TOO_MANY_REQUESTS');
  return (error as ApiError).retryAfterSeconds ?? 0;
};

describe('fixed windows', () => {
  it('counts uses per key until the window ends, gives uses back and forgets them', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    const limit = { max: 2, windowSeconds: 60 };
    await consumeRateLimit(base.db, 'k', limit, t0);
    await consumeRateLimit(base.db, 'k', limit, t0);
    expect(await retryAfterOf(consumeRateLimit(base.db, 'k', limit, at(t0, 15)))).toBe(45);
    // Another key has its own window.
    await consumeRateLimit(base.db, 'other', limit, t0);
    // A refund gives one use back.
    await refundRateLimit(base.db, 'k');
    await refundRateLimit(base.db, 'k');
    await consumeRateLimit(base.db, 'k', limit, at(t0, 20));
    // A new window starts once the old one has ended.
    await consumeRateLimit(base.db, 'k', limit, at(t0, 60));
    expect(await countUse(base.db, 'k', 60, at(t0, 61))).toMatchObject({ count: 2 });
    await clearRateLimit(base.db, 'k');
    expect(await countUse(base.db, 'k', 60, at(t0, 62))).toMatchObject({ count: 1 });
  });
});

describe('attempts with growing waits', () => {
  const backoff = {
    freeFailures: 3,
    firstDelaySeconds: 1,
    maxDelaySeconds: 60,
    forgetAfterSeconds: 3600,
  };

  it('lets the free failures through, then doubles the wait after each further one, up to the cap', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    for (let i = 0; i < 3; i++) await takeAttempt(base.db, 'k', backoff, t0);
    expect(await retryAfterOf(takeAttempt(base.db, 'k', backoff, t0))).toBe(1);
    let now = at(t0, 1);
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      await takeAttempt(base.db, 'k', backoff, now);
      const wait = await retryAfterOf(takeAttempt(base.db, 'k', backoff, now));
      // A refused attempt does not move the wait.
      expect(await retryAfterOf(takeAttempt(base.db, 'k', backoff, at(now, 0.5)))).toBe(
        Math.max(1, Math.ceil(wait - 0.5)),
      );
      waits.push(wait);
      now = at(now, wait);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60, 60, 60]);
    expect(backoffDelaySeconds(12, backoff)).toBe(60);
  });

  it('forgets failures an hour after the last attempt, and clearing ends the wait at once', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    for (let i = 0; i < 6; i++) await takeAttempt(base.db, 'k', backoff, at(t0, i * 100));
    const last = at(t0, 500);
    expect(await retryAfterOf(takeAttempt(base.db, 'k', backoff, last))).toBe(8);
    // An hour after the last attempt the slate is clean: three free failures again.
    const later = at(last, 3600);
    for (let i = 0; i < 3; i++) await takeAttempt(base.db, 'k', backoff, later);
    expect(await retryAfterOf(takeAttempt(base.db, 'k', backoff, later))).toBe(1);
    await clearRateLimit(base.db, 'k');
    for (let i = 0; i < 3; i++) await takeAttempt(base.db, 'k', backoff, later);
  });

  it('lets exactly one of many parallel attempts through when a wait ends', async () => {
    const other = await base.database.connectAgain();
    const t0 = new Date('2026-01-01T10:00:00Z');
    for (let i = 0; i < 3; i++) await takeAttempt(base.db, 'k', backoff, t0);
    const now = at(t0, 1);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        takeAttempt(i % 2 ? other.db : base.db, 'k', backoff, now),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('keeps answering after a very long run of failures', async () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    await base.db
      .insert(schema.rateLimits)
      .values({ key: 'k', count: 50_000, windowEndsAt: at(t0, 3600) });
    expect(await retryAfterOf(takeAttempt(base.db, 'k', backoff, t0))).toBe(60);
    await takeAttempt(base.db, 'k', backoff, at(t0, 60));
  });
});

describe('sign-in throttling per address', () => {
  it('counts only failed sign-ins; past the budget an account’s next try from there waits', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      rateLimits: limits({ signInPerIp: { max: 2, windowSeconds: 600 } }),
      clock: () => new Date('2026-01-01T10:00:00Z'),
    });
    const user = await t.signUp();
    for (let i = 0; i < 4; i++) {
      const ok = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: user.email, password: GOOD_PASSWORD },
      });
      expect(ok.status).toBe(200);
    }
    const stranger = uniqueEmail();
    expect((await attemptSignIn(t, stranger)).status).toBe(401);
    expect((await attemptSignIn(t, uniqueEmail())).status).toBe(401);
    // The address's budget is spent: no more free failures for any account from it.
    const blocked = await attemptSignIn(t, stranger);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('2');
    const body = (await blocked.json()) as {
      error: { code: string; message: string; retryAfterSeconds: number };
    };
    expect(body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.message).toBe('Too many attempts. Try again in 2 seconds.');
    // The right password is never refused for others' failures.
    const owner = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(owner.status).toBe(200);
  });

  it('counts per address, and X-Forwarded-For does not open a new bucket without TRUST_PROXY', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      rateLimits: limits({ signInPerIp: { max: 2, windowSeconds: 600 } }),
    });
    const target = uniqueEmail();
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(
      401,
    );
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(
      401,
    );
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '198.51.100.3' })).status).toBe(
      429,
    );
  });

  it('believes the proxy-appended address when TRUST_PROXY is set', async () => {
    const t = await TestHarness.onDatabase(base.database, {
      env: { TRUST_PROXY: 'true' },
      rateLimits: limits({ signInPerIp: { max: 1, windowSeconds: 600 } }),
    });
    const target = uniqueEmail();
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(401);
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    // A client cannot pick its bucket by prepending addresses: only the last hop counts.
    expect(
      (await attemptSignIn(t, target, { 'x-forwarded-for': '10.9.9.9, 203.0.113.7' })).status,
    ).toBe(429);
    expect((await attemptSignIn(t, target, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(401);
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
