import { expect, test } from '@playwright/test';
import { ACCESS_TEXT } from '@verba/shared';
import { linkIn, startSmtpSink, type SmtpSink } from '../apps/api/src/testing/smtp-sink';
import { ownPort, startOwnServer, type OwnServer } from './own-server';
import { fillCredentials, PASSWORD, uniqueEmail } from './support';

// A server of this file's own that mails through a real SMTP server on this machine.
test.describe.configure({ mode: 'serial' });
let smtp: SmtpSink;
let server: OwnServer;
test.beforeAll(async () => {
  // Starting a server (migrations, a first password hash) is slow on a busy machine.
  test.setTimeout(120_000);
  smtp = await startSmtpSink(ownPort(6));
  server = await startOwnServer(ownPort(5), {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Verba <verba@example.com>',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
test.use({ baseURL: undefined });

test('a learner who forgot their password gets a link by email that works once', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail();
  const signedUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD },
  });
  expect(signedUp.status()).toBe(200);
  await page.request.post(`${server.url}/api/profile/onboarding`, {
    data: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  await page.request.post(`${server.url}/api/auth/sign-out`, { data: {} });

  await page.goto(`${server.url}/auth/login`);
  await page.getByRole('link', { name: ACCESS_TEXT.forgotPassword }).click();
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.resetTitle })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: ACCESS_TEXT.resetRequestButton }).click();
  await expect(page.getByText(ACCESS_TEXT.resetRequested)).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('forgot-password-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // The learner opens the link the mail brought.
  const link = linkIn(await smtp.nextMailTo(email), '/auth/reset-password');
  expect(link.startsWith(`${server.url}/auth/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: ACCESS_TEXT.newPasswordTitle })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('reset-password-light.png') });
  const newPassword = 'amber-valley-compass-58';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: ACCESS_TEXT.newPasswordButton }).click();
  await expect(page.getByText(ACCESS_TEXT.resetDone)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Sign in' }).click();
  await fillCredentials(page, email, newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/, { timeout: 30_000 });

  // The same link a second time, from a signed-out browser: refused, the password unchanged.
  const again = await page.context().browser()!.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await second.getByLabel('New password').fill('another-valley-compass-59');
  await second.getByRole('button', { name: ACCESS_TEXT.newPasswordButton }).click();
  await expect(second.getByRole('alert')).toContainText(ACCESS_TEXT.resetLinkInvalid);
  await again.close();
});

test('an email without an account gets the same answer, and no mail', async ({ page }) => {
  const unknown = uniqueEmail('nobody');
  await page.goto(`${server.url}/auth/forgot-password`);
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: ACCESS_TEXT.resetRequestButton }).click();
  await expect(page.getByText(ACCESS_TEXT.resetRequested)).toBeVisible();
  expect(smtp.mails.flatMap((m) => m.to)).not.toContain(unknown);
});
