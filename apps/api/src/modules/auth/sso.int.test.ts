import { ACCESS_TEXT } from '@verba/shared';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, uniqueEmail, type TestAppOptions } from '../../testing/harness.ts';
import { linkIn, startSmtpSink } from '../../testing/smtp-sink.ts';

let oidc: OAuth2Server;
let t: TestHarness;
beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
});
afterAll(() => oidc.stop());
afterEach(() => t.close());

const start = (options: TestAppOptions = {}) =>
  TestHarness.start({
    ...options,
    env: {
      OIDC_ISSUER_URL: oidc.issuer.url ?? '',
      OIDC_CLIENT_ID: 'verba',
      OIDC_CLIENT_SECRET: 'verba-secret',
      OIDC_BUTTON_LABEL: 'Company sign-in',
      ...options.env,
    },
  });

/** The provider signs `email` in (verified, unless told) until the returned function is called. */
function providerSignsIn(email: string, emailVerified = true): () => void {
  const claims = { sub: `sub-${email}`, email, email_verified: emailVerified };
  const onToken = (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  };
  const onUserinfo = (userinfo: { body: unknown }) => {
    userinfo.body = claims;
  };
  oidc.service.on('beforeTokenSigning', onToken);
  oidc.service.on('beforeUserinfo', onUserinfo);
  return () => {
    oidc.service.off('beforeTokenSigning', onToken);
    oidc.service.off('beforeUserinfo', onUserinfo);
  };
}

const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');

/**
 * A learner's trip: Verba's start route, the provider's authorize page (which signs them in at
 * once), then back to Verba's callback with the browser's cookies. `tamper` changes what comes back.
 */
async function ssoTrip(
  email: string,
  {
    invitation,
    tamper,
    emailVerified,
  }: { invitation?: string; tamper?: (callback: URL) => void; emailVerified?: boolean } = {},
) {
  const done = providerSignsIn(email, emailVerified);
  try {
    return await trip(invitation, tamper);
  } finally {
    done();
  }
}

async function trip(
  invitation?: string,
  tamper?: (callback: URL) => void,
  /** A signed-in learner linking the provider to their account. */
  linkingCookie?: string,
) {
  const begun = linkingCookie
    ? await t.request('/api/sso/link', { method: 'POST', cookie: linkingCookie, json: {} })
    : await t.request('/api/auth/sso', {
        method: 'POST',
        json: invitation ? { invitation } : {},
      });
  expect(begun.status).toBe(200);
  const { url } = (await begun.json()) as { url: string };
  expect(url.startsWith(oidc.issuer.url ?? '-')).toBe(true);
  const authorize = await fetch(url, { redirect: 'manual' });
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.pathname).toBe('/api/auth/callback/oidc');
  tamper?.(callback);
  const answer = await t.request(`${callback.pathname}${callback.search}`, {
    cookie: [...(linkingCookie ? [linkingCookie] : []), ...cookiePairs(begun)].join('; '),
  });
  expect(answer.status).toBe(302);
  const session = cookiePairs(answer).find((c) => c.includes('session_token=') && !c.endsWith('='));
  return { location: answer.headers.get('location') ?? '', session };
}

describe('single sign-on', () => {
  it('says the server offers it, under its label', async () => {
    t = await start({ env: { OIDC_ONLY: 'true' } });
    const options = await (await t.request('/api/auth/options')).json();
    expect(options).toMatchObject({ sso: { label: 'Company sign-in' }, ssoOnly: true });
  });

  it('creates the learner on the first sign-in, sends them to onboarding, then signs them in', async () => {
    t = await start();
    const email = uniqueEmail('sso');
    const first = await ssoTrip(email);
    expect(first.location).toBe('http://localhost:3000/onboarding');
    expect(first.session).toBeDefined();
    const profile = await t.request('/api/auth/get-session', { cookie: first.session ?? '' });
    expect(await profile.json()).toMatchObject({ user: { email } });
    const again = await ssoTrip(email);
    expect(again.location).toBe('http://localhost:3000/app/feed');
  });

  it('refuses a callback whose state was tampered with', async () => {
    t = await start();
    const tampered = await ssoTrip(uniqueEmail('sso'), {
      tamper: (callback) => callback.searchParams.set('state', 'forged-state-value-1234567890'),
    });
    expect(tampered.session).toBeUndefined();
    expect(tampered.location).toMatch(/^http:\/\/localhost:3000\/auth\/login\?error=/);
  });

  it('refuses an ID token whose nonce is not the one asked for', async () => {
    t = await start();
    const email = uniqueEmail('sso');
    const forgeNonce = (token: { payload: Record<string, unknown> }) => {
      if (token.payload.aud === 'verba') token.payload.nonce = 'someone-elses-nonce';
    };
    // Registered after the trip's own claims, so it has the last word on the ID token.
    const done = providerSignsIn(email);
    oidc.service.on('beforeTokenSigning', forgeNonce);
    const answer = await trip().finally(() => {
      done();
      oidc.service.off('beforeTokenSigning', forgeNonce);
    });
    expect(answer.session).toBeUndefined();
    expect(answer.location).toMatch(/\/auth\/login\?error=/);
  });

  it('never takes over an existing password account on its own', async () => {
    t = await start();
    const learner = await t.signUp();
    const answer = await ssoTrip(learner.email);
    expect(answer.session).toBeUndefined();
    expect(answer.location).toMatch(/\/auth\/login\?error=account_not_linked/);
  });

  it('links the provider once the learner signed in with their password, then signs them in', async () => {
    t = await start();
    const learner = await t.signUp();
    const done = providerSignsIn(learner.email);
    try {
      const linked = await trip(undefined, undefined, learner.cookie);
      expect(linked.location).toBe('http://localhost:3000/app/profile');
    } finally {
      done();
    }
    const signedIn = await ssoTrip(learner.email);
    expect(signedIn.location).toBe('http://localhost:3000/app/feed');
    const session = await t.request('/api/auth/get-session', { cookie: signedIn.session ?? '' });
    expect(await session.json()).toMatchObject({ user: { id: learner.id } });
  });

  it('refuses to link a provider that vouches for another email', async () => {
    t = await start();
    const learner = await t.signUp();
    const done = providerSignsIn(uniqueEmail('someone-else'));
    try {
      const linked = await trip(undefined, undefined, learner.cookie);
      expect(linked.location).toMatch(/\/app\/profile\?error=/);
    } finally {
      done();
    }
  });

  it('follows SIGNUP: closed refuses new learners, invite admits one per use', async () => {
    t = await start({ env: { SIGNUP: 'invite' } });
    const admin = await t.signUp();
    const refused = await ssoTrip(uniqueEmail('sso'));
    expect(refused.session).toBeUndefined();
    const created = await t.request('/api/admin/invitations', {
      method: 'POST',
      cookie: admin.cookie,
      json: { maxUses: 1, expiresInDays: 1 },
    });
    const invitation =
      new URL(((await created.json()) as { url: string }).url).searchParams.get('invite') ?? '';
    const invited = await ssoTrip(uniqueEmail('sso'), { invitation });
    expect(invited.location).toBe('http://localhost:3000/onboarding');
    const late = await ssoTrip(uniqueEmail('sso'), { invitation });
    expect(late.session).toBeUndefined();
  });

  it("with REQUIRE_EMAIL_VERIFICATION, trusts the provider's email_verified and mails the others", async () => {
    const smtp = await startSmtpSink();
    try {
      t = await start({
        env: {
          REQUIRE_EMAIL_VERIFICATION: 'true',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Verba <verba@example.com>',
        },
      });
      const vouched = await ssoTrip(uniqueEmail('sso'));
      expect(vouched.location).toBe('http://localhost:3000/onboarding');
      expect((await t.request('/api/profile', { cookie: vouched.session ?? '' })).status).toBe(200);

      const email = uniqueEmail('sso-unverified');
      const unvouched = await ssoTrip(email, { emailVerified: false });
      expect(unvouched.location).toBe('http://localhost:3000/onboarding');
      const cookie = unvouched.session ?? '';
      const refused = await t.request('/api/profile', { cookie });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'EMAIL_NOT_VERIFIED', message: ACCESS_TEXT.verifyNeeded },
      });
      const token = new URL(linkIn(await smtp.nextMailTo(email), '/verify-email')).searchParams.get(
        'token',
      );
      const verified = await t.request('/api/auth/verify-email', {
        method: 'POST',
        json: { token },
      });
      expect(await verified.json()).toMatchObject({ status: 'verified' });
      expect((await t.request('/api/profile', { cookie })).status).toBe(200);
      expect(smtp.mails.flatMap((m) => m.to)).toEqual([email]);
    } finally {
      await smtp.close();
    }
  });
});
