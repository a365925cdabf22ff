import { schema } from '@verba/db';
import { VALIDATION } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, sessionCookie, TestHarness, uniqueEmail } from '../../testing/harness.ts';

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

const signUp = (json: unknown, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json, ...(headers ? { headers } : {}) });
const signIn = (json: unknown, headers?: Record<string, string>) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json, ...(headers ? { headers } : {}) });
const errorOf = async (response: Response) =>
  (
    (await response.json()) as {
      error: { code: string; message: string; issues?: { path: string; message: string }[] };
    }
  ).error;

describe('sign-up', () => {
  it('creates the account and its profile, and signs the user in with an HttpOnly cookie', async () => {
    const email = uniqueEmail();
    const response = await signUp({
      email: `  ${email.toUpperCase()}  `,
      password: GOOD_PASSWORD,
      name: 'Ana',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { id: string } };
    expect(body).toEqual({ user: { id: expect.any(String), email } });
    expect(JSON.stringify(body)).not.toMatch(/token/i);

    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const [profile] = await t.db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.id, body.user.id));
    expect(profile).toMatchObject({
      displayName: 'Ana',
      nativeLanguage: 'en',
      targetLanguage: 'es',
      onboardingCompleted: false,
    });

    const me = await t.request('/api/profile', { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, onboardingCompleted: false });
  });

  it.each([
    [{ email: 'not-an-email', password: GOOD_PASSWORD }, VALIDATION.invalidEmail],
    [{ email: '   ', password: GOOD_PASSWORD }, VALIDATION.invalidEmail],
    [{ email: `${'a'.repeat(290)}@example.com`, password: GOOD_PASSWORD }, VALIDATION.emailTooLong],
    [{ email: uniqueEmail(), password: '12345' }, VALIDATION.passwordTooShort],
    [{ email: uniqueEmail(), password: 'x'.repeat(73) }, VALIDATION.passwordTooLong],
    [{ email: uniqueEmail(), password: 'y'.repeat(10_000) }, VALIDATION.passwordTooLong],
    [{ email: uniqueEmail() }, VALIDATION.passwordTooShort],
    [{ email: 42, password: GOOD_PASSWORD }, VALIDATION.invalidEmail],
  ])('rejects %j with the spec message', async (body, message) => {
    const response = await signUp(body);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe(message);
  });

  it('rejects unknown fields', async () => {
    const response = await signUp({ email: uniqueEmail(), password: GOOD_PASSWORD, role: 'admin' });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).issues?.[0]?.message).toMatch(/unrecognized/i);
  });

  it('refuses a weak password with the reasons, and creates nothing', async () => {
    const email = uniqueEmail();
    const response = await signUp({ email, password: 'password123' });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toMatch(/^Password is too weak\./);
    expect(error.issues?.length).toBeGreaterThan(0);
    expect(error.issues?.every((i) => i.path === 'password' && i.message.length > 0)).toBe(true);
    const rows = await t.db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(rows).toHaveLength(0);
  });

  it('refuses a password built from the email address', async () => {
    const response = await signUp({
      email: 'marguerite.duras@example.com',
      password: 'marguerite.duras',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/too weak/);
  });

  it('answers 409 for an email that already has an account', async () => {
    const { email } = await t.signUp();
    const response = await signUp({ email, password: GOOD_PASSWORD });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('CONFLICT');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const { email } = await t.signUp();
    const wrong = await signIn({ email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe('Invalid email or password');
    expect(wrong.headers.getSetCookie()).toHaveLength(0);

    const right = await signIn({ email: ` ${email} `, password: GOOD_PASSWORD });
    expect(right.status).toBe(200);
    expect((await t.request('/api/profile', { cookie: sessionCookie(right) })).status).toBe(200);
  });

  it('answers the same for an unknown email as for a wrong password', async () => {
    const response = await signIn({ email: uniqueEmail('nobody'), password: GOOD_PASSWORD });
    expect(response.status).toBe(401);
    expect((await errorOf(response)).message).toBe('Invalid email or password');
  });

  it('answers a password longer than any account can have like any wrong password', async () => {
    const { email } = await t.signUp();
    for (const length of [73, 200, 1024]) {
      const response = await signIn({ email, password: 'p'.repeat(length) });
      expect(response.status).toBe(401);
      expect((await errorOf(response)).message).toBe('Invalid email or password');
    }
  });

  it.each([
    [{ email: 'nope', password: GOOD_PASSWORD }, VALIDATION.invalidEmail],
    [{ email: uniqueEmail(), password: '123' }, VALIDATION.passwordTooShort],
    [{ email: uniqueEmail(), password: 'p'.repeat(10_000) }, VALIDATION.passwordTooLong],
    [{}, VALIDATION.invalidEmail],
  ])('rejects %j with a clear message', async (body, message) => {
    const response = await signIn(body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toBe(message);
  });

  it('sign-out deletes the session on the server, so the old cookie stops working', async () => {
    const user = await t.signUp();
    const out = await t.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      cookie: user.cookie,
    });
    expect(out.status).toBe(200);
    const replayed = await t.request('/api/profile', { cookie: user.cookie });
    expect(replayed.status).toBe(401);
    const sessions = await t.db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, user.id));
    expect(sessions).toHaveLength(0);
  });

  it('get-session reports the user or null, never the token', async () => {
    const user = await t.signUp();
    const anonymous = await t.request('/api/auth/get-session');
    expect(await anonymous.json()).toBeNull();
    const response = await t.request('/api/auth/get-session', { cookie: user.cookie });
    const body = await response.json();
    expect(body).toEqual({
      user: { id: user.id, email: user.email },
      session: { expiresAt: expect.any(String) },
    });
    expect(JSON.stringify(body)).not.toContain(user.cookie.split('=')[1]?.split('.')[0]);
  });

  it('keeps better-auth endpoints we do not use out of reach', async () => {
    const user = await t.signUp();
    for (const path of [
      '/api/auth/delete-user',
      '/api/auth/update-user',
      '/api/auth/list-sessions',
      '/api/auth/change-password',
    ]) {
      const response = await t.request(path, { method: 'POST', json: {}, cookie: user.cookie });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure when the public URL is https', async () => {
    const secure = await TestHarness.onDatabase(t.database, {
      env: { PUBLIC_URL: 'https://verba.example.org' },
    });
    const response = await secure.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: uniqueEmail(), password: GOOD_PASSWORD },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});
