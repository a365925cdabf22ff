import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TEXT, type AdminOverview, type IssuedLink } from '@verba/shared';
import {
  GOOD_PASSWORD,
  sessionCookie,
  TestHarness,
  uniqueEmail,
  type TestUser,
} from '../../testing/harness.ts';

let t: TestHarness;
afterEach(() => t.close());

const json = (response: Response) => response.json() as Promise<Record<string, unknown>>;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

function signUp(email: string, invitation?: string) {
  return t.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: GOOD_PASSWORD, ...(invitation ? { invitation } : {}) },
  });
}

function signIn(email: string, password = GOOD_PASSWORD) {
  return t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

async function overview(admin: TestUser): Promise<AdminOverview> {
  const response = await t.request('/api/admin', { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as AdminOverview;
}

async function invite(admin: TestUser, maxUses = 1, expiresInDays = 7): Promise<string> {
  const response = await t.request('/api/admin/invitations', {
    method: 'POST',
    cookie: admin.cookie,
    json: { maxUses, expiresInDays },
  });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as IssuedLink;
  return new URL(url).searchParams.get('invite') ?? '';
}

describe('admins', () => {
  it('makes the first account of the install its admin, and no later one', async () => {
    t = await TestHarness.start();
    const admin = await t.signUp();
    const learner = await t.signUp();
    await t.request('/api/words', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id: randomUUID(), word: 'la casa', translation: 'house' },
    });
    const { accounts } = await overview(admin);
    expect(accounts.map((a) => [a.email, a.admin, a.words])).toEqual([
      [learner.email, false, 1],
      [admin.email, true, 0],
    ]);
    expect(accounts[0]?.lastActiveAt).not.toBeNull();
    expect((await t.request('/api/admin', { cookie: learner.cookie })).status).toBe(403);
    const access = (user: TestUser) => t.request('/api/admin/access', { cookie: user.cookie });
    expect(await json(await access(admin))).toEqual({ admin: true });
    expect(await json(await access(learner))).toEqual({ admin: false });
  });

  it('makes every address in ADMIN_EMAILS an admin', async () => {
    const boss = uniqueEmail('boss');
    t = await TestHarness.start({ env: { ADMIN_EMAILS: `someone@example.com, ${boss}` } });
    const first = await t.signUp();
    const named = await t.signUp(boss);
    expect((await t.request('/api/admin', { cookie: named.cookie })).status).toBe(200);
    expect((await t.request('/api/admin', { cookie: first.cookie })).status).toBe(200);
  });

  it('disables an account: its sessions end, it cannot sign in, and enabling lets it back', async () => {
    t = await TestHarness.start();
    const admin = await t.signUp();
    const learner = await t.signUp();
    const disable = await t.request(`/api/admin/accounts/${learner.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { disabled: true },
    });
    expect(disable.status).toBe(200);
    expect((await t.request('/api/profile', { cookie: learner.cookie })).status).toBe(401);
    const refused = await signIn(learner.email);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(ACCESS_TEXT.accountDisabled);
    // A wrong password says only that, so the state of an account is told to its owner alone.
    expect((await signIn(learner.email, 'not-the-password')).status).toBe(401);
    expect((await overview(admin)).accounts.find((a) => a.id === learner.id)?.disabled).toBe(true);
    await t.request(`/api/admin/accounts/${learner.id}`, {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { disabled: false },
    });
    expect((await signIn(learner.email)).status).toBe(200);
  });

  it('deletes an account with everything in it, and never the admin’s own', async () => {
    t = await TestHarness.start();
    const admin = await t.signUp();
    const learner = await t.signUp();
    const own = await t.request(`/api/admin/accounts/${admin.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(own.status).toBe(409);
    const deleted = await t.request(`/api/admin/accounts/${learner.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(deleted.status).toBe(200);
    expect((await overview(admin)).accounts.map((a) => a.id)).toEqual([admin.id]);
    expect((await signIn(learner.email)).status).toBe(401);
    const again = await t.request(`/api/admin/accounts/${learner.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(again.status).toBe(404);
  });

  it('issues a one-time reset link that sets a new password once and ends every session', async () => {
    t = await TestHarness.start();
    const admin = await t.signUp();
    const learner = await t.signUp();
    const issued = await t.request(`/api/admin/accounts/${learner.id}/reset-link`, {
      method: 'POST',
      cookie: admin.cookie,
      json: {},
    });
    expect(issued.status).toBe(200);
    const { url } = (await issued.json()) as IssuedLink;
    expect(url).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    const token = new URL(url).searchParams.get('token');
    const newPassword = 'copper-meadow-whistle-71';
    const reset = () =>
      t.request('/api/auth/password-reset', { method: 'POST', json: { token, newPassword } });
    expect((await reset()).status).toBe(200);
    expect((await t.request('/api/profile', { cookie: learner.cookie })).status).toBe(401);
    expect((await signIn(learner.email, newPassword)).status).toBe(200);
    const second = await reset();
    expect(second.status).toBe(400);
    expect((await errorOf(second)).message).toBe(ACCESS_TEXT.resetLinkInvalid);
  });

  it('refuses bad input and changes nothing', async () => {
    t = await TestHarness.start();
    const admin = await t.signUp();
    for (const body of [{ maxUses: 0, expiresInDays: 1 }, { maxUses: 1, expiresInDays: 91 }, {}]) {
      const response = await t.request('/api/admin/invitations', {
        method: 'POST',
        cookie: admin.cookie,
        json: body,
      });
      expect(response.status).toBe(400);
    }
    const notAnId = await t.request('/api/admin/accounts/not-an-id', {
      method: 'PATCH',
      cookie: admin.cookie,
      json: { disabled: true },
    });
    expect(notAnId.status).toBe(400);
    expect((await overview(admin)).invitations).toEqual([]);
  });
});

describe('who may sign up', () => {
  it('SIGNUP=closed: the first account is still the admin, then nobody else', async () => {
    t = await TestHarness.start({ env: { SIGNUP: 'closed' } });
    const options = () => t.request('/api/auth/options').then(json);
    // The sign-up page of a new install is open to its first account.
    expect(await options()).toMatchObject({ signup: 'open', passwordResetByEmail: false });
    await t.signUp();
    expect(await options()).toMatchObject({ signup: 'closed' });
    const refused = await signUp(uniqueEmail());
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(ACCESS_TEXT.signupClosed);
  });

  it('SIGNUP=invite: an invitation admits as many sign-ups as it allows, until it expires', async () => {
    let now = new Date('2026-11-20T10:00:00Z');
    t = await TestHarness.start({ env: { SIGNUP: 'invite' }, clock: () => now });
    const admin = await t.signUp();
    const without = await signUp(uniqueEmail());
    expect(without.status).toBe(403);
    expect((await errorOf(without)).message).toBe(ACCESS_TEXT.signupNeedsInvitation);

    const once = await invite(admin, 1);
    expect((await signUp(uniqueEmail(), once)).status).toBe(200);
    const used = await signUp(uniqueEmail(), once);
    expect(used.status).toBe(403);
    expect((await errorOf(used)).message).toBe(ACCESS_TEXT.invitationInvalid);

    const twice = await invite(admin, 2, 1);
    // A refused sign-up (the email is taken) gives its use back.
    expect((await signUp(admin.email, twice)).status).toBe(409);
    expect((await signUp(uniqueEmail(), twice)).status).toBe(200);
    expect((await overview(admin)).invitations).toMatchObject([{ maxUses: 2, uses: 1 }]);
    now = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    expect((await signUp(uniqueEmail(), twice)).status).toBe(403);
    expect((await overview(admin)).invitations).toEqual([]);
  });

  it('SIGNUP=invite: parallel sign-ups never use an invitation more often than it allows', async () => {
    t = await TestHarness.start({ env: { SIGNUP: 'invite' } });
    const admin = await t.signUp();
    const token = await invite(admin, 3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => signUp(uniqueEmail(), token)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 403)).toHaveLength(5);
  });

  it('withdraws an invitation', async () => {
    t = await TestHarness.start({ env: { SIGNUP: 'invite' } });
    const admin = await t.signUp();
    const token = await invite(admin);
    const [listed] = (await overview(admin)).invitations;
    const withdrawn = await t.request(`/api/admin/invitations/${listed?.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    });
    expect(withdrawn.status).toBe(200);
    expect((await signUp(uniqueEmail(), token)).status).toBe(403);
  });

  it('lets an address in ADMIN_EMAILS sign up when sign-up is closed', async () => {
    const boss = uniqueEmail('boss');
    t = await TestHarness.start({ env: { SIGNUP: 'closed', ADMIN_EMAILS: boss } });
    expect((await signUp(uniqueEmail())).status).toBe(403);
    const response = await signUp(boss);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response);
    expect((await t.request('/api/admin', { cookie })).status).toBe(200);
  });
});
