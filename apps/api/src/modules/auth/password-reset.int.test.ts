import { ACCESS_TEXT } from '@verba/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.ts';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../../testing/harness.ts';

let smtp: SmtpSink;
let t: TestHarness;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await TestHarness.start({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Verba <verba@example.com>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  t.request('/api/auth/password-reset/request', { method: 'POST', json: { email } });
const reset = (token: string | null, newPassword: string) =>
  t.request('/api/auth/password-reset', { method: 'POST', json: { token, newPassword } });
const signIn = (email: string, password: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

describe('password reset by email', () => {
  it('says the server offers it', async () => {
    const options = await (await t.request('/api/auth/options')).json();
    expect(options).toMatchObject({ passwordResetByEmail: true });
  });

  it('mails a link that sets a new password once and ends every session', async () => {
    const learner = await t.signUp();
    const answer = await requestReset(learner.email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ message: ACCESS_TEXT.resetRequested });
    const mail = await smtp.nextMailTo(learner.email);
    expect(mail.text).toContain(`Subject: ${ACCESS_TEXT.mailResetSubject}`);
    expect(mail.text).toContain('From: Verba <verba@example.com>');
    const link = linkIn(mail, '/auth/reset-password');
    expect(link.startsWith('http://localhost:3000/auth/reset-password?token=')).toBe(true);
    const token = new URL(link).searchParams.get('token');

    const newPassword = 'copper-meadow-whistle-71';
    expect((await reset(token, newPassword)).status).toBe(200);
    expect((await t.request('/api/profile', { cookie: learner.cookie })).status).toBe(401);
    expect((await signIn(learner.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(learner.email, newPassword)).status).toBe(200);
    const again = await reset(token, 'another-meadow-whistle-72');
    expect(again.status).toBe(400);
    expect((await again.json()) as unknown).toMatchObject({
      error: { message: ACCESS_TEXT.resetLinkInvalid },
    });
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const known = await t.signUp();
    const unknown = uniqueEmail('nobody');
    const before = smtp.mails.length;
    const a = await requestReset(known.email);
    const b = await requestReset(unknown);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.text()).toEqual(await b.text());
    await smtp.nextMailTo(known.email);
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).not.toContain(unknown);
  });

  it('mails one address at most three links an hour, answering alike past it', async () => {
    const learner = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await requestReset(learner.email)).status).toBe(200);
    for (let i = 0; i < 3; i++) await smtp.nextMailTo(learner.email);
    // A fresh address still gets its mail, so the three are all the learner's address got.
    const other = await t.signUp();
    await requestReset(other.email);
    await smtp.nextMailTo(other.email);
    expect(smtp.mails.filter((m) => m.to.includes(learner.email))).toHaveLength(3);
  });

  it('refuses a weak new password and keeps the link usable', async () => {
    const learner = await t.signUp();
    await requestReset(learner.email);
    const token = new URL(
      linkIn(await smtp.nextMailTo(learner.email), '/auth/reset-password'),
    ).searchParams.get('token');
    const weak = await reset(token, 'password');
    expect(weak.status).toBe(400);
    expect((await reset(token, 'copper-meadow-whistle-73')).status).toBe(200);
  });

  it('refuses a made-up token and bad input', async () => {
    expect((await reset('a'.repeat(24), 'copper-meadow-whistle-74')).status).toBe(400);
    expect((await reset('short', 'copper-meadow-whistle-74')).status).toBe(400);
    expect((await requestReset('not an email')).status).toBe(400);
  });

  it('throttles requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await requestReset(uniqueEmail())).status);
    expect(statuses.slice(-1)).toEqual([429]);
  });
});

describe('without SMTP', () => {
  it('says reset by email is not set up', async () => {
    const plain = await TestHarness.start();
    try {
      const response = await plain.request('/api/auth/password-reset/request', {
        method: 'POST',
        json: { email: uniqueEmail() },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { message: ACCESS_TEXT.resetUnavailable },
      });
    } finally {
      await plain.close();
    }
  });
});
