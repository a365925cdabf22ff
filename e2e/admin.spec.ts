import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ACCESS_TEXT } from '@verba/shared';
import { ownPort, startOwnServer, type OwnServer } from './own-server';
import { fillCredentials, PASSWORD, uniqueEmail } from './support';

// An invitation-only server of this file's own: its first account is the admin.
test.describe.configure({ mode: 'serial' });
let server: OwnServer;
test.beforeAll(async () => {
  // Starting a server (migrations, a first password hash) is slow on a busy machine.
  test.setTimeout(120_000);
  server = await startOwnServer(ownPort(4), { SIGNUP: 'invite' });
});
test.afterAll(() => server?.stop());

/** Sign-ups and sign-ins hash a password on purpose: slow on a busy machine. */
const HASHING = { timeout: 30_000 };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

/** The link the admin page shows once, in the read-only field under its label. */
async function issuedLink(within: Page | Locator, label: string): Promise<string> {
  const field = within.getByLabel(label);
  await expect(field).toHaveValue(/^http/);
  return field.inputValue();
}

test('the admin invites a learner, disables and enables them, and hands them a reset link', async ({
  page,
  browser,
}, testInfo) => {
  // Three learners sign up and in, each hashing a password, on a busy machine.
  test.setTimeout(180_000);
  // The first account of the install signs up through the page, whatever SIGNUP says.
  const adminEmail = uniqueEmail('admin');
  await page.goto(`${server.url}/auth/signup`);
  await fillCredentials(page, adminEmail, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/, HASHING);
  const onboarded = await page.request.post(`${server.url}/api/profile/onboarding`, {
    data: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  expect(onboarded.status()).toBe(200);
  await page.goto(`${server.url}/app/profile`);
  await page.getByRole('link', { name: ACCESS_TEXT.adminLink }).click();
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.adminTitle })).toBeVisible();
  await expect(page.getByRole('listitem', { name: adminEmail })).toContainText('Admin');

  // Without an invitation the sign-up page says how to get in.
  const stranger = await newPage(browser);
  await stranger.goto('/auth/signup');
  await expect(stranger.getByText(ACCESS_TEXT.signupNeedsInvitation)).toBeVisible();
  await expect(stranger.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);

  // A single-use invitation.
  await page.getByLabel('Sign-ups').selectOption('1');
  await page.getByLabel('Valid for').selectOption('7');
  await page.getByRole('button', { name: ACCESS_TEXT.createInvitation }).click();
  const invitation = await issuedLink(page, ACCESS_TEXT.invitationCreated);
  await expect(page.getByText('0 of 1 sign-up used')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('admin-phone-light.png'), fullPage: true });

  const learner = await newPage(browser);
  const learnerEmail = uniqueEmail('invited');
  await learner.goto(invitation);
  await expect(learner.getByText(ACCESS_TEXT.invitationAccepted)).toBeVisible();
  await fillCredentials(learner, learnerEmail, PASSWORD);
  await learner.getByRole('button', { name: 'Sign Up' }).click();
  await expect(learner).toHaveURL(/\/onboarding$/, HASHING);

  // The link was for one person.
  await stranger.goto(invitation);
  await fillCredentials(stranger, uniqueEmail('late'), PASSWORD);
  await stranger.getByRole('button', { name: 'Sign Up' }).click();
  await expect(stranger.getByRole('alert')).toContainText(ACCESS_TEXT.invitationInvalid, HASHING);

  // The admin sees the new account, and disables it: its session ends, and sign-in is refused.
  await page.getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: ACCESS_TEXT.adminLink }).click();
  const row = page.getByRole('listitem', { name: learnerEmail });
  await row.getByRole('button', { name: ACCESS_TEXT.disable }).click();
  await expect(row).toContainText('Disabled');
  expect((await learner.request.get('/api/profile')).status()).toBe(401);
  await learner.goto('/auth/login');
  await fillCredentials(learner, learnerEmail, PASSWORD);
  await learner.getByRole('button', { name: 'Sign In' }).click();
  await expect(learner.getByText(ACCESS_TEXT.accountDisabled)).toBeVisible(HASHING);

  // Enabled again, with a one-time reset link the admin hands over.
  await row.getByRole('button', { name: ACCESS_TEXT.enable }).click();
  await expect(row).not.toContainText('Disabled');
  await row.getByRole('button', { name: ACCESS_TEXT.resetLink }).click();
  const reset = await issuedLink(row, ACCESS_TEXT.resetLinkCreated);
  const newPassword = 'amber-valley-compass-58';
  await learner.goto(reset);
  await learner.getByLabel('New password').fill(newPassword);
  await learner.getByRole('button', { name: ACCESS_TEXT.newPasswordButton }).click();
  await expect(learner.getByText(ACCESS_TEXT.resetDone)).toBeVisible(HASHING);
  await learner.getByRole('link', { name: 'Sign in' }).click();
  await fillCredentials(learner, learnerEmail, newPassword);
  await learner.getByRole('button', { name: 'Sign In' }).click();
  await expect(learner).toHaveURL(/\/onboarding$/, HASHING);

  // Deleted: the account is gone from the list and cannot sign in.
  await row.getByRole('button', { name: ACCESS_TEXT.deleteAccount }).click();
  await row.getByRole('button', { name: `Delete ${learnerEmail}?` }).click();
  await expect(page.getByRole('listitem', { name: learnerEmail })).toHaveCount(0);
  expect((await learner.request.get('/api/profile')).status()).toBe(401);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('admin-phone-dark.png'), fullPage: true });
  await stranger.emulateMedia({ colorScheme: 'dark' });
  await stranger.goto('/auth/signup');
  await stranger.screenshot({ path: testInfo.outputPath('signup-invite-only-dark.png') });
});
