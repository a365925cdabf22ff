import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../testing/harness.ts';

// Counters live in the database, so every test gets a database of its own. The client address
// comes from X-Forwarded-For, which is believed behind a trusted proxy. The clock stands still
// unless a test moves it.
let base: TestHarness;
let now: Date;
beforeEach(async () => {
  base = await TestHarness.start();
  now = new Date('2026-03-02T09:00:00Z');
});
afterEach(() => base.close());

const behindProxy = (env: Record<string, string> = {}) =>
  TestHarness.onDatabase(base.database, { env: { TRUST_PROXY: 'true', ...env }, clock: () => now });

const from = (address: string) => ({ 'x-forwarded-for': address });
const A = '198.51.100.10';
const B = '203.0.113.20';

const signIn = (t: TestHarness, email: string, password: string, address: string) =>
  t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password },
    headers: from(address),
  });
const signUp = (t: TestHarness, email: string, password: string, address: string) =>
  t.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password },
    headers: from(address),
  });

const letTimePass = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

describe('guessing a password', () => {
  it('slows the guessing address for that account, never the owner from another address', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_ACCOUNT_FAILURES: '10' });
    const owner = await t.signUp();
    for (let i = 0; i < 10; i++)
      expect((await signIn(t, owner.email, `wrong-guess-${i}`, A)).status).toBe(401);

    // The owner, from a clean address, signs in.
    expect((await signIn(t, owner.email, GOOD_PASSWORD, B)).status).toBe(200);

    // The guessing address stays throttled, whatever it sends, and its waits grow.
    const blocked = await signIn(t, owner.email, 'wrong-guess-10', A);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(429);
    letTimePass(1);
    expect((await signIn(t, owner.email, 'wrong-guess-11', A)).status).toBe(401);
    expect((await signIn(t, owner.email, 'wrong-guess-12', A)).headers.get('retry-after')).toBe(
      '2',
    );
    letTimePass(2);
    expect((await signIn(t, owner.email, 'wrong-guess-13', A)).status).toBe(401);
    expect((await signIn(t, owner.email, 'wrong-guess-14', A)).headers.get('retry-after')).toBe(
      '4',
    );
    // Other accounts are not slowed for that address.
    const other = await t.signUp();
    expect((await signIn(t, other.email, GOOD_PASSWORD, A)).status).toBe(200);
  });

  it('with the default settings, waits start after five wrong passwords', async () => {
    const t = await behindProxy();
    const owner = await t.signUp();
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, owner.email, `wrong-guess-${i}`, A)).status).toBe(401);
    const blocked = await signIn(t, owner.email, 'wrong-guess-5', A);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await blocked.json()).toMatchObject({
      error: {
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many attempts. Try again in 1 second.',
        retryAfterSeconds: 1,
      },
    });
    expect((await signIn(t, owner.email, GOOD_PASSWORD, B)).status).toBe(200);
  });

  it('forgets the failures once the right password gets through', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_ACCOUNT_FAILURES: '3' });
    const owner = await t.signUp();
    for (let i = 0; i < 3; i++)
      expect((await signIn(t, owner.email, `wrong-guess-${i}`, A)).status).toBe(401);
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(429);
    letTimePass(1);
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(200);
    // A clean slate: three free failures again, and no wait before them.
    for (let i = 0; i < 3; i++)
      expect((await signIn(t, owner.email, `typo-${i}`, A)).status).toBe(401);
    expect((await signIn(t, owner.email, 'typo-3', A)).status).toBe(429);
  });

  it('does not count successful sign-ins', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_ACCOUNT_FAILURES: '2' });
    const owner = await t.signUp();
    for (let i = 0; i < 6; i++)
      expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(200);
    expect((await signIn(t, owner.email, 'wrong-guess-1', A)).status).toBe(401);
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(200);
  });
});

describe('a classroom behind one address', () => {
  it('lets 40 learners sign up and sign in, some picking a weak password first', async () => {
    const t = await behindProxy();
    const school = '192.0.2.200';
    for (let i = 0; i < 40; i++) {
      const email = uniqueEmail(`pupil-${i}`);
      if (i % 2 === 0) expect((await signUp(t, email, 'password', school)).status).toBe(400);
      expect((await signUp(t, email, GOOD_PASSWORD, school)).status).toBe(200);
      if (i % 4 === 0) expect((await signIn(t, email, 'wrong-guess', school)).status).toBe(401);
      expect((await signIn(t, email, GOOD_PASSWORD, school)).status).toBe(200);
    }
  }, 300_000);

  it('reads the per-address budgets from the configuration', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_SIGN_UP: '2', AUTH_RATE_LIMIT_SIGN_IN: '1' });
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, A)).status).toBe(200);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, A)).status).toBe(200);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, A)).status).toBe(429);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, B)).status).toBe(200);
    expect((await signIn(t, uniqueEmail(), 'wrong-guess', A)).status).toBe(401);
    expect((await signIn(t, uniqueEmail(), 'wrong-guess', A)).status).toBe(429);
    expect((await signIn(t, uniqueEmail(), 'wrong-guess', B)).status).toBe(401);
  });
});
