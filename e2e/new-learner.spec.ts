import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillCredentials, PASSWORD, signUpViaApi, toast, uniqueEmail } from './support';

/** Signs up through the form; the page is then on the first onboarding step. */
async function signUpInForm(page: Page) {
  const email = uniqueEmail();
  await page.goto('/auth/signup');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  return email;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

test('after onboarding the feed offers to add a first word', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/feed');
  await expect(page.getByRole('heading', { name: "Let's start learning!" })).toBeVisible();
  await page.getByRole('link', { name: 'Add Your First Word' }).click();
  await expect(page).toHaveURL(/\/app\/words$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Words' })).toBeVisible();
});

test('the sign-up toast leaves the onboarding controls free, its close button inside it', async ({
  page,
}) => {
  await signUpInForm(page);
  const shown = toast(page, 'Account created!');
  await expect(shown).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(shown).toBeVisible();
  const toastBox = await box(shown);
  for (const control of [
    page.getByRole('button', { name: 'Back' }),
    page.getByRole('progressbar', { name: 'Onboarding progress' }),
    page.getByRole('button', { name: 'Sign Out' }),
    page.getByRole('button', { name: 'Continue' }),
  ]) {
    expect(overlaps(toastBox, await box(control))).toBe(false);
  }
  const close = await box(shown.getByRole('button', { name: /close/i }));
  // In the toast's end corner, clear of its icon and text.
  expect(close.x).toBeGreaterThan(toastBox.x + toastBox.width / 2);
  expect(close.x).toBeGreaterThanOrEqual(toastBox.x);
  expect(close.y).toBeGreaterThanOrEqual(toastBox.y);
  expect(close.x + close.width).toBeLessThanOrEqual(toastBox.x + toastBox.width);
  expect(close.y + close.height).toBeLessThanOrEqual(toastBox.y + toastBox.height);
});

test('toasts in the app stay clear of the bottom navigation', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  // A failed sign-out is one toast the app shows.
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({
      status: 503,
      json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down', requestId: 'x' } },
    }),
  );
  await page.getByRole('button', { name: 'Sign Out' }).click();
  const shown = toast(page, 'Error');
  await expect(shown).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The toast slides in from the bottom edge; where it comes to rest is what counts.
  await expect.poll(async () => overlaps(await box(shown), await box(nav))).toBe(false);
});

const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]{2}/u;

test('languages are shown with flag images, not emoji', async ({ page }) => {
  await signUpInForm(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const native = page.getByLabel('I speak:');
  await expect(native).toContainText('English');
  await expect(native.locator('img[data-language-flag="en"]')).toBeVisible();
  await page.getByLabel('I want to learn:').click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(21);
  const flags = page.getByRole('listbox').locator('img[data-language-flag]');
  await expect(flags).toHaveCount(21);
  // Every flag is a real image that loaded.
  await expect
    .poll(() =>
      flags.evaluateAll((images) =>
        images.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
  expect(await page.locator('body').innerText()).not.toMatch(EMOJI_FLAG);
  await page.keyboard.press('Escape');

  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await expect(page.getByTestId('profile-learning')).toHaveText('Learning ES');
  await expect(page.locator('img[data-language-flag="es"]')).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(EMOJI_FLAG);
});

test('the demo card shows the language just chosen, explained in the one spoken', async ({
  page,
}) => {
  await signUpInForm(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('I speak:').click();
  await page.getByRole('option', { name: /German/ }).click();
  await page.getByLabel('I want to learn:').click();
  await page.getByRole('option', { name: /French/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const card = page.getByRole('article', { name: 'Sample word card: papillon' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'papillon' })).toBeVisible();
  await expect(card.getByTestId('demo-translation')).toHaveText('Schmetterling');
  await expect(card).toContainText('Un papillon bleu a volé dans le jardin.');
  await expect(card).toContainText('Ein blauer Schmetterling flog durch den Garten.');
  await expect(card).not.toContainText('mariposa');
});

test('a learner can sign out from onboarding', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await page.request.get('/api/profile')).status()).toBe(401);
});

test('a long wrong password fails sign-in like any wrong password', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.request.post('/api/auth/sign-out', { data: {} });
  await page.goto('/auth/login');
  await fillCredentials(page, email, 'x'.repeat(100));
  await page.getByRole('button', { name: 'Sign In' }).click();
  const shown = toast(page, 'Login failed');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Invalid email or password');
  await expect(page.getByText('Password too long')).toHaveCount(0);
});

test('signing up with a taken email links to sign in with that email', async ({ page }) => {
  const { email } = await signUpViaApi(page);
  await page.context().clearCookies();
  await page.goto('/auth/signup');
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const shown = page.getByRole('alert').filter({ hasText: 'Signup failed' });
  await expect(shown).toContainText('An account with this email already exists.');
  await shown.getByRole('link', { name: 'Sign in instead.' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a weak password’s reasons are shown once', async ({ page }) => {
  await page.goto('/auth/signup');
  await fillCredentials(page, uniqueEmail(), 'password123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Signup failed' })).toContainText(
    'Password is too weak',
  );
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  const reasons = page.locator('[id$="-password-error"]');
  await expect(reasons).toBeVisible();
  const text = (await reasons.innerText()).trim();
  expect(text.length).toBeGreaterThan(0);
  await expect(page.getByText(text, { exact: false })).toHaveCount(1);
});

test('"How we measured" is a readable page of the app', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'How we measured' }).first().click();
  await expect(page).toHaveURL(/\/how-we-measured$/);
  await expect(
    page.getByRole('heading', { level: 1, name: "How Verba's scheduling is measured" }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
  await expect(page.locator('table').first()).toBeVisible();
  // Laid out for the phone: nothing wider than the screen, and the page keeps the app's look.
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(width.page).toBeLessThanOrEqual(width.screen);
  await expect(page.getByRole('link', { name: 'Verba' })).toBeVisible();
  await expect(page).toHaveTitle(/How we measured/);
});
