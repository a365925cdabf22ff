import { expect, test, type Page } from '@playwright/test';
import { ACCESS_TEXT } from '@verba/shared';
import { OAuth2Server } from 'oauth2-mock-server';
import { ownPort, startOwnServer, type OwnServer } from './own-server';
import { fillCredentials, PASSWORD, uniqueEmail } from './support';

// A server of this file's own that signs in through an OpenID Connect provider run by the test.
const LABEL = 'Company sign-in';
test.describe.configure({ mode: 'serial' });
let oidc: OAuth2Server;
let server: OwnServer;
test.beforeAll(async () => {
  // Starting a server (migrations, provider discovery) is slow on a busy machine.
  test.setTimeout(120_000);
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(ownPort(8), '127.0.0.1');
  server = await startOwnServer(ownPort(7), {
    OIDC_ISSUER_URL: oidc.issuer.url ?? '',
    OIDC_CLIENT_ID: 'verba',
    OIDC_CLIENT_SECRET: 'verba-secret',
    OIDC_BUTTON_LABEL: LABEL,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await oidc?.stop();
});

/** The provider signs `email` in, with a verified address, until the test ends. */
function providerSignsIn(email: string) {
  const claims = { sub: `sub-${email}`, email, email_verified: true };
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims));
  oidc.service.on('beforeUserinfo', (userinfo) => {
    userinfo.body = claims;
  });
}
test.afterEach(() => {
  oidc.service.removeAllListeners();
});

async function tapSso(page: Page) {
  await page.goto(`${server.url}/auth/login`);
  await page.getByRole('button', { name: LABEL }).click();
}

test('a learner signs in through the provider, onboards, signs out and signs in again', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  providerSignsIn(uniqueEmail('sso'));
  await page.goto(`${server.url}/auth/login`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('login-with-sso-dark.png') });
  await page.getByRole('button', { name: LABEL }).click();
  // First time: a new learner, sent to onboarding.
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await page.request.get(`${server.url}/api/profile`)).status()).toBe(401);

  await page.getByRole('button', { name: LABEL }).click();
  await expect(page).toHaveURL(/\/app\/feed$/, { timeout: 30_000 });
});

test('a tampered state is refused, and the sign-in page says so', async ({ page }) => {
  providerSignsIn(uniqueEmail('sso'));
  oidc.service.once('beforeAuthorizeRedirect', (redirect) => {
    redirect.url.searchParams.set('state', 'forged-state-value-1234567890');
  });
  await tapSso(page);
  await expect(page).toHaveURL(/\/auth\/login\?error=/, { timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText(ACCESS_TEXT.ssoFailed);
  expect((await page.request.get(`${server.url}/api/profile`)).status()).toBe(401);
});

test('an ID token with another nonce is refused', async ({ page }) => {
  providerSignsIn(uniqueEmail('sso'));
  oidc.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud === 'verba') token.payload.nonce = 'someone-elses-nonce';
  });
  await tapSso(page);
  await expect(page).toHaveURL(/\/auth\/login\?error=/, { timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText(ACCESS_TEXT.ssoFailed);
  expect((await page.request.get(`${server.url}/api/profile`)).status()).toBe(401);
});

test('a learner with a password links the provider from the profile, then signs in with it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('linker');
  const signedUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD },
  });
  expect(signedUp.status()).toBe(200);
  await page.request.post(`${server.url}/api/profile/onboarding`, {
    data: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  // Signing in with the provider alone does not reach the password account.
  providerSignsIn(email);
  await page.request.post(`${server.url}/api/auth/sign-out`, { data: {} });
  await tapSso(page);
  await expect(page.getByRole('alert')).toContainText(ACCESS_TEXT.ssoAccountExists, {
    timeout: 30_000,
  });

  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Profile' }).click();
  // The page is on the profile before it leaves for the provider too: the link is made once the
  // provider's answer has come back through the callback.
  const callback = page.waitForResponse((r) => r.url().includes('/callback/'), {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: `Link ${LABEL}` }).click();
  await callback;
  await expect(page).toHaveURL(/\/app\/profile$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.getByRole('button', { name: LABEL }).click();
  await expect(page).toHaveURL(/\/app\/feed$/, { timeout: 30_000 });
});
