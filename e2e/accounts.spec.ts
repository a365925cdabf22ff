import { expect, test } from '@playwright/test';
import { fillCredentials, PASSWORD, signUpViaApi, toast, uniqueEmail } from './support';

test('a new learner signs up, goes through onboarding and lands on the feed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();

  await fillCredentials(page, uniqueEmail(), PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Step 0: welcome.
  await expect(page.getByText('Just vocabulary, nothing disturbing.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 1: languages, defaults en → es; Continue is disabled while both are the same.
  await expect(page.getByLabel('I speak:')).toContainText('English');
  await expect(page.getByLabel('I want to learn:')).toContainText('Spanish');
  await page.getByLabel('I want to learn:').click();
  await page.getByRole('option', { name: /English/ }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.getByLabel('I want to learn:').click();
  await page.getByRole('option', { name: /French/ }).click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeEnabled();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Steps 2–4: demo word, grouping, smart feed.
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const profile = await (await page.request.get('/api/profile')).json();
  expect(profile).toMatchObject({
    nativeLanguage: 'en',
    targetLanguage: 'fr',
    onboardingCompleted: true,
  });
});

test('a learner signs out and signs in again', async ({ page }) => {
  const { email } = await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The session is gone on the server, not only in this tab.
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  await page.goto('/app/feed');
  await expect(page).toHaveURL(/\/auth\/login$/);

  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
});

test.describe('validation messages', () => {
  const cases = [
    {
      page: '/auth/login',
      button: 'Sign In',
      email: 'not-an-email',
      password: PASSWORD,
      message: 'Invalid email address',
    },
    {
      page: '/auth/login',
      button: 'Sign In',
      email: '',
      password: PASSWORD,
      message: 'Invalid email address',
    },
    {
      page: '/auth/login',
      button: 'Sign In',
      email: 'ana@example.com',
      password: '12345',
      message: 'Password must be at least 6 characters',
    },
    {
      page: '/auth/signup',
      button: 'Sign Up',
      email: 'ana@',
      password: PASSWORD,
      message: 'Invalid email address',
    },
    {
      page: '/auth/signup',
      button: 'Sign Up',
      email: `${'a'.repeat(250)}@example.com`,
      password: PASSWORD,
      message: 'Email too long',
    },
    {
      page: '/auth/signup',
      button: 'Sign Up',
      email: 'ana@example.com',
      password: '123',
      message: 'Password must be at least 6 characters',
    },
    {
      page: '/auth/signup',
      button: 'Sign Up',
      email: 'ana@example.com',
      password: 'x'.repeat(73),
      message: 'Password too long',
    },
  ];
  for (const c of cases) {
    test(`${c.page}: "${c.message}" for ${c.email.slice(0, 20) || 'a blank email'} / ${c.password.length} characters`, async ({
      page,
    }) => {
      await page.goto(c.page);
      await fillCredentials(page, c.email, c.password);
      await page.getByRole('button', { name: c.button }).click();
      if (c.page === '/auth/signup') {
        // Sign-up shows each error once, under its field, and no toast (docs/decisions/018).
        await expect(page.getByText(c.message, { exact: true })).toBeVisible();
        await page.getByRole('button', { name: c.button }).click();
        await expect(page.getByText(c.message, { exact: true })).toHaveCount(1);
        await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      } else {
        const shown = toast(page, 'Validation error');
        await expect(shown).toBeVisible();
        await expect(shown).toContainText(c.message);
      }
      await expect(page).toHaveURL(new RegExp(`${c.page}$`));
    });
  }

  test('the server’s reasons for a weak password are shown', async ({ page }) => {
    await page.goto('/auth/signup');
    await fillCredentials(page, uniqueEmail(), 'password123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const shown = page.getByRole('alert').filter({ hasText: 'Signup failed' });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText(/too weak/i);
    // Sent again: still one message, and no toasts stacked beside it.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(shown).toHaveCount(1);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });

  test('a wrong password says Login failed and keeps the learner on the page', async ({ page }) => {
    const { email } = await signUpViaApi(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/auth/login');
    await fillCredentials(page, email, 'not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const shown = toast(page, 'Login failed');
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

test('when onboarding cannot be saved, the learner is told and can try again', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  let failures = 1;
  await page.route('**/api/profile/onboarding', async (route) => {
    if (failures-- > 0)
      return route.fulfill({
        status: 503,
        json: { error: { code: 'SERVICE_UNAVAILABLE', message: 'Down', requestId: 'x' } },
      });
    return route.continue();
  });
  await page.getByRole('button', { name: 'Start Learning' }).click();
  const shown = toast(page, 'Error');
  await expect(shown).toContainText('Failed to complete onboarding. Please try again.');
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.getByRole('button', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
});
