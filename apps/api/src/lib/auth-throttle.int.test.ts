import { Writable } from 'node:stream';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../testing/harness.ts';
import { createLogger } from './logger.ts';

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
    // One failure spends A's sign-in budget: from then on an account's second wrong password
    // from A waits (with the default budget it would have had five free ones).
    const target = uniqueEmail();
    expect((await signIn(t, target, 'wrong-guess', A)).status).toBe(401);
    expect((await signIn(t, target, 'wrong-guess', A)).status).toBe(429);
    expect((await signIn(t, target, 'wrong-guess', B)).status).toBe(401);
  });
});

describe('failures from a shared address', () => {
  it('never refuse a classmate’s correct password; the failing accounts wait instead', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_SIGN_IN: '20' });
    const school = '192.0.2.50';
    const classmate = await t.signUp();
    const sprayed = uniqueEmail('sprayed');
    expect((await signIn(t, sprayed, 'made-up-1', school)).status).toBe(401);
    for (let i = 0; i < 25; i++)
      expect((await signIn(t, uniqueEmail('made-up'), 'made-up', school)).status).toBe(401);
    expect((await signIn(t, classmate.email, GOOD_PASSWORD, school)).status).toBe(200);
    // Past the budget, an account's next try from the school waits after a single failure.
    expect((await signIn(t, sprayed, 'made-up-2', school)).status).toBe(429);
    // A typo of their own, though, makes the classmate wait: the address has no free tries left.
    expect((await signIn(t, classmate.email, 'typo-typo', school)).status).toBe(401);
    expect((await signIn(t, classmate.email, GOOD_PASSWORD, school)).status).toBe(429);
    letTimePass(2);
    expect((await signIn(t, classmate.email, GOOD_PASSWORD, school)).status).toBe(200);
  }, 120_000);
});

describe('a browser that signed in before', () => {
  const deviceCookie = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('verba.device='))
      ?.split(';')[0] ?? '';
  const signInOn = (t: TestHarness, cookie: string, email: string, password: string) =>
    t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
      headers: from(A),
      cookie,
    });

  it('lets the owner in while someone guesses their password from the same address', async () => {
    const t = await behindProxy();
    const owner = await t.signUp();
    const first = await signIn(t, owner.email, GOOD_PASSWORD, A);
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    expect(device).toMatch(/^verba\.device=/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('verba.device='))).toMatch(
      /HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/,
    );

    for (let i = 0; i < 5; i++)
      expect((await signIn(t, owner.email, `guess-${i}`, A)).status).toBe(401);
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(429);
    // The owner's browser proves an earlier sign-in and is not held up by the guesses.
    expect((await signInOn(t, device, owner.email, GOOD_PASSWORD)).status).toBe(200);
    // The guessing browser still waits.
    expect((await signIn(t, owner.email, 'guess-5', A)).status).toBe(429);
  });

  it('is proof for its own account only, and a forged or altered one proves nothing', async () => {
    const t = await behindProxy();
    const owner = await t.signUp();
    const other = await t.signUp();
    const device = deviceCookie(await signIn(t, other.email, GOOD_PASSWORD, A));
    for (let i = 0; i < 5; i++)
      expect((await signIn(t, owner.email, `guess-${i}`, A)).status).toBe(401);
    const [id, email, signature] = device.replace('verba.device=', '').split('.');
    const forged = `verba.device=${id}.${Buffer.from(owner.email).toString('base64url')}.${signature}`;
    for (const cookie of [device, forged, `${device}x`, 'verba.device=a.b.c'])
      expect((await signInOn(t, cookie, owner.email, GOOD_PASSWORD)).status, cookie).toBe(429);
    expect(email).toBe(Buffer.from(other.email).toString('base64url'));
  });

  it('still slows wrong passwords sent with it, so a stolen cookie cannot guess freely', async () => {
    const t = await behindProxy();
    const owner = await t.signUp();
    const device = deviceCookie(await signIn(t, owner.email, GOOD_PASSWORD, A));
    for (let i = 0; i < 5; i++)
      expect((await signInOn(t, device, owner.email, `guess-${i}`)).status).toBe(401);
    expect((await signInOn(t, device, owner.email, 'guess-5')).status).toBe(429);
    // Its failures are its own: they spend neither the address's nor the account's budget.
    expect((await signIn(t, owner.email, GOOD_PASSWORD, A)).status).toBe(200);
  });

  it('is given at sign-up too: the browser that created the account proved it', async () => {
    const t = await behindProxy();
    const email = uniqueEmail();
    const created = await signUp(t, email, GOOD_PASSWORD, A);
    expect(created.status).toBe(200);
    const device = deviceCookie(created);
    for (let i = 0; i < 5; i++) expect((await signIn(t, email, `guess-${i}`, A)).status).toBe(401);
    expect((await signInOn(t, device, email, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe('sign-up budgets', () => {
  it('spends the address’s budget only on accounts created, not on refusals for a taken email', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_SIGN_UP: '3' });
    const school = '192.0.2.60';
    const taken = uniqueEmail('taken');
    expect((await signUp(t, taken, GOOD_PASSWORD, school)).status).toBe(200);
    const refusals = [];
    for (let i = 0; i < 10; i++)
      refusals.push((await signUp(t, taken, GOOD_PASSWORD, school)).status);
    expect(refusals).toEqual([409, 409, 409, 409, 429, 429, 429, 429, 429, 429]);
    // Two more pupils fit the budget of three accounts; the fourth new account waits.
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, school)).status).toBe(200);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, school)).status).toBe(200);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, school)).status).toBe(429);
  });

  it('counts weak passwords refused against a budget of their own, sign-up and password change alike', async () => {
    const t = await behindProxy({ AUTH_RATE_LIMIT_SIGN_UP: '3' });
    for (let i = 0; i < 3; i++)
      expect((await signUp(t, uniqueEmail(), '1234567890'.repeat(7), A)).status).toBe(400);
    // Past the budget the password is not even judged: the check is the costly part.
    const refused = await signUp(t, uniqueEmail(), '1234567890'.repeat(7), A);
    expect(refused.status).toBe(429);
    expect(await t.db.select().from(schema.user)).toHaveLength(0);
    // The same budget covers a password change from that address.
    const learner = await t.signUp();
    const change = (address: string) =>
      t.request('/api/account/password', {
        method: 'POST',
        cookie: learner.cookie,
        json: { currentPassword: GOOD_PASSWORD, newPassword: 'password1' },
        headers: from(address),
      });
    expect((await change(A)).status).toBe(429);
    expect((await change(B)).status).toBe(400);
    // Other addresses have budgets of their own, and accounts created were never counted here.
    expect((await signUp(t, uniqueEmail(), 'password', B)).status).toBe(400);
    expect((await signUp(t, uniqueEmail(), GOOD_PASSWORD, B)).status).toBe(200);
  });

  it('answers parallel sign-ups for one email with one account and 409s, logging no error', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await TestHarness.onDatabase(base.database, {
      env: { TRUST_PROXY: 'true' },
      clock: () => now,
      logger: createLogger('warn', sink),
    });
    const email = uniqueEmail('twin');
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () => signUp(t, email, GOOD_PASSWORD, A).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(schema.user).where(eq(schema.user.email, email))).toHaveLength(
      1,
    );
    expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50)).toEqual([]);
    // The claim is gone once the sign-up is over: the next one hears the account exists.
    expect((await signUp(t, email, GOOD_PASSWORD, B)).status).toBe(409);
  });
});
