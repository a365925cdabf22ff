import { schema } from '@verba/db';
import { ACCESS_TEXT } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../../testing/harness.ts';

const MAIL_ENV = { MAIL_FROM: 'Verba <verba@example.com>' };

let smtp: SmtpSink;
let t: TestHarness;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await TestHarness.start({
    env: { ...MAIL_ENV, SMTP_URL: smtp.url, REQUIRE_EMAIL_VERIFICATION: 'true' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const verify = (token: unknown, cookie?: string) =>
  t.request('/api/auth/verify-email', {
    method: 'POST',
    json: { token },
    ...(cookie ? { cookie } : {}),
  });
const resend = (cookie?: string) =>
  t.request('/api/auth/verify-email/resend', {
    method: 'POST',
    json: {},
    ...(cookie ? { cookie } : {}),
  });

async function tokenMailedTo(email: string): Promise<string> {
  const mail = await smtp.nextMailTo(email);
  expect(mail.text).toContain(`Subject: ${ACCESS_TEXT.mailVerifySubject}`);
  const link = linkIn(mail, '/verify-email');
  expect(link.startsWith('http://localhost:3000/verify-email?token=')).toBe(true);
  return new URL(link).searchParams.get('token') ?? '';
}

async function expectNotVerified(response: Response) {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({
    error: { code: 'EMAIL_NOT_VERIFIED', message: ACCESS_TEXT.verifyNeeded },
  });
}

describe('email verification on sign-up', () => {
  it('mails a link at sign-up; the app answers 403 EMAIL_NOT_VERIFIED until it is opened', async () => {
    const learner = await t.signUp();
    const token = await tokenMailedTo(learner.email);

    // Signed in: the session is known, the app's routes are refused.
    const session = await t.request('/api/auth/get-session', { cookie: learner.cookie });
    expect(await session.json()).toMatchObject({ user: { email: learner.email } });
    await expectNotVerified(await t.request('/api/profile', { cookie: learner.cookie }));
    // Asked twice: an unconfirmed session is never remembered by the session cache.
    await expectNotVerified(await t.request('/api/words', { cookie: learner.cookie }));
    await expectNotVerified(
      await t.request('/api/profile/onboarding', {
        method: 'POST',
        cookie: learner.cookie,
        json: {},
      }),
    );

    // Opened in another browser: it confirms and signs nobody in.
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'verified', message: ACCESS_TEXT.verifyDone });
    expect(first.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);

    // The same session is let in at once.
    expect((await t.request('/api/profile', { cookie: learner.cookie })).status).toBe(200);
    expect((await t.request('/api/words', { cookie: learner.cookie })).status).toBe(200);

    // The link a second time: already confirmed, still no sign-in.
    const second = await verify(token);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({
      status: 'already-verified',
      message: ACCESS_TEXT.verifyAlreadyDone,
    });
    expect(second.headers.getSetCookie().some((c) => c.includes('session_token='))).toBe(false);
  });

  it('lets an unconfirmed learner sign in again, still behind the gate', async () => {
    const learner = await t.signUp();
    await tokenMailedTo(learner.email);
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: learner.email, password: GOOD_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.includes('session_token='))
      ?.split(';')[0];
    await expectNotVerified(await t.request('/api/profile', { cookie }));
  });

  it('mails the link again three times an hour per account, then says to wait', async () => {
    const learner = await t.signUp();
    const firstToken = await tokenMailedTo(learner.email);
    for (let i = 0; i < 3; i++) {
      const answer = await resend(learner.cookie);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ message: ACCESS_TEXT.verifyResent });
      await tokenMailedTo(learner.email);
    }
    const refused = await resend(learner.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(smtp.mails.filter((m) => m.to.includes(learner.email))).toHaveLength(4);

    // Any of the links confirms; then a resend sends nothing.
    expect((await verify(firstToken)).status).toBe(200);
    const done = await resend(learner.cookie);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: ACCESS_TEXT.verifyAlreadyDone });
    expect(smtp.mails.filter((m) => m.to.includes(learner.email))).toHaveLength(4);
  });

  it('refuses a resend without a session, and bad or forged links', async () => {
    expect((await resend()).status).toBe(401);
    const learner = await t.signUp();
    const token = await tokenMailedTo(learner.email);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'a'.repeat(40), 'short', 42]) {
      const answer = await verify(bad);
      expect(answer.status, String(bad)).toBe(400);
    }
    const invalid = await verify(forged);
    expect(await invalid.json()).toMatchObject({
      error: { message: ACCESS_TEXT.verifyLinkInvalid },
    });
    await expectNotVerified(await t.request('/api/profile', { cookie: learner.cookie }));
  });

  it('counts accounts made while the option was off as confirmed', async () => {
    const before = await TestHarness.onDatabase(t.database, { env: MAIL_ENV });
    const earlier = await before.signUp(uniqueEmail('earlier'));
    const [row] = await t.db
      .select({ emailVerified: schema.user.emailVerified })
      .from(schema.user)
      .where(eq(schema.user.id, earlier.id));
    expect(row?.emailVerified).toBe(true);
    expect((await t.request('/api/profile', { cookie: earlier.cookie })).status).toBe(200);
    expect(smtp.mails.flatMap((m) => m.to)).not.toContain(earlier.email);
  });
});
