import { expect, test } from '@playwright/test';
import { fillCredentials, signUpViaApi } from './support';

const PROTECTED = ['/app', '/app/feed', '/app/words', '/app/groups', '/app/profile', '/onboarding'];

test.describe('signed out', () => {
  for (const path of PROTECTED) {
    test(`${path} sends to sign-in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login$/);
    });
  }
});

test('the gate shows Loading... while the profile loads', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/profile', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/feed');
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByText('Loading...')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test.describe('onboarding not completed', () => {
  for (const path of ['/app', '/app/feed', '/app/words', '/app/profile']) {
    test(`${path} forces onboarding`, async ({ page }) => {
      await signUpViaApi(page);
      await page.goto(path);
      await expect(page).toHaveURL(/\/onboarding$/);
    });
  }

  test('signing in goes to onboarding', async ({ page }) => {
    const { email, password } = await signUpViaApi(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/auth/login');
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});

test.describe('onboarding completed', () => {
  for (const path of ['/onboarding', '/auth/login', '/auth/signup', '/app']) {
    test(`${path} goes to the feed`, async ({ page }) => {
      await signUpViaApi(page, { onboarded: true });
      await page.goto(path);
      await expect(page).toHaveURL(/\/app\/feed$/);
    });
  }

  test('the bottom navigation reaches all four tabs', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/feed');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path] of [
      ['Words', '/app/words'],
      ['Groups', '/app/groups'],
      ['Profile', '/app/profile'],
      ['Feed', '/app/feed'],
    ]) {
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});
