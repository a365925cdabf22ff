import { expect, test } from '@playwright/test';
import { ACCESS_TEXT } from '@verba/shared';
import { linkIn, startSmtpSink, type SmtpSink } from '../apps/api/src/testing/smtp-sink';
import { ownPort, startOwnServer, type OwnServer } from './own-server';
import { expectAccessible, fillCredentials, PASSWORD, toast, uniqueEmail } from './support';

// A server of this file's own that asks new learners to confirm their address, mailing through a
// real SMTP server on this machine.
test.describe.configure({ mode: 'serial' });
let smtp: SmtpSink;
let server: OwnServer;
test.beforeAll(async () => {
  // Starting a server (migrations, a first password hash) is slow on a busy machine.
  test.setTimeout(120_000);
  smtp = await startSmtpSink(ownPort(10));
  server = await startOwnServer(ownPort(9), {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Verba <verba@example.com>',
    REQUIRE_EMAIL_VERIFICATION: 'true',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
test.use({ baseURL: undefined });

const tokenOf = (link: string) => new URL(link).searchParams.get('token');

test('a new learner confirms their email from the mail, then goes on into onboarding', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('verify');
  await page.goto(`${server.url}/auth/signup`);
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  // Signed in, but the app waits for the address to be confirmed.
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.verifyTitle })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: ACCESS_TEXT.verifyContinue }).click();
  await expect(toast(page, ACCESS_TEXT.verifyNeeded)).toBeVisible();
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.verifyTitle })).toBeVisible();
  const firstLink = linkIn(await smtp.nextMailTo(email), '/verify-email');
  expect(firstLink.startsWith(`${server.url}/verify-email?token=`)).toBe(true);

  await page.getByRole('button', { name: ACCESS_TEXT.verifyResend }).click();
  await expect(toast(page, ACCESS_TEXT.verifyResent)).toBeVisible();
  const link = linkIn(await smtp.nextMailTo(email), '/verify-email');
  expect(tokenOf(link)).not.toBe(tokenOf(firstLink));
  await expectAccessible(page, 'check your email');
  await page.screenshot({ path: testInfo.outputPath('check-email-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('check-email-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // The mail's link opens in a new tab of the same browser, which confirms and goes on.
  const mailTab = await page.context().newPage();
  await mailTab.goto(link);
  await expect(mailTab.getByText(ACCESS_TEXT.verifyDone)).toBeVisible({ timeout: 30_000 });
  await expectAccessible(mailTab, 'confirm your email');
  await mailTab.screenshot({ path: testInfo.outputPath('verify-email-light.png') });
  await mailTab.emulateMedia({ colorScheme: 'dark' });
  await mailTab.screenshot({ path: testInfo.outputPath('verify-email-dark.png') });
  await mailTab.emulateMedia({ colorScheme: 'light' });
  await mailTab.getByRole('link', { name: ACCESS_TEXT.verifyContinue }).click();
  await expect(mailTab).toHaveURL(/\/onboarding$/);
  await expect(mailTab.getByRole('heading', { name: 'Welcome to Verba' })).toBeVisible();
  await mailTab.close();

  // The first tab goes on too, without signing in again.
  await page.getByRole('button', { name: ACCESS_TEXT.verifyContinue }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Verba' })).toBeVisible();
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.verifyTitle })).toHaveCount(0);

  // The first link, opened later in a signed-out browser: already confirmed, nobody signed in.
  const elsewhere = await page.context().browser()!.newContext();
  const other = await elsewhere.newPage();
  await other.goto(firstLink);
  await expect(other.getByText(ACCESS_TEXT.verifyAlreadyDone)).toBeVisible({ timeout: 30_000 });
  await other.getByRole('link', { name: ACCESS_TEXT.verifyContinue }).click();
  await expect(other).toHaveURL(/\/auth\/login$/);
  await elsewhere.close();
});

test('a made-up link says so and offers to sign in', async ({ page }) => {
  await page.goto(`${server.url}/verify-email?token=${'a'.repeat(40)}`);
  await expect(page.getByText(ACCESS_TEXT.verifyLinkInvalid)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
