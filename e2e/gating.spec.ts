import { expect, test } from '@playwright/test';
import { fillCredentials, PASSWORD, signUpViaApi, uniqueEmail } from './support';

const PROTECTED = [
  '/app',
  '/app/feed',
  '/app/words',
  '/app/groups',
  '/app/profile',
  '/app/practice/infinity',
  '/onboarding',
];

test.describe('signed out', () => {
  for (const path of PROTECTED) {
    test(`${path} sends to sign-in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login(\?next=[^&]+)?$/);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
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

const APP_PAGES = [
  { path: '/app/feed', heading: 'Daily Practice' },
  { path: '/app/words', heading: 'My Words' },
  { path: '/app/groups', heading: 'My Word Groups' },
  { path: '/app/profile', heading: 'Profile' },
  { path: '/app/practice/infinity', heading: 'Infinity Practice' },
];

test.describe('an onboarded learner stays on the page asked for', () => {
  for (const { path, heading } of APP_PAGES) {
    test(`${path}: direct open and reload`, async ({ page }) => {
      await signUpViaApi(page, { onboarded: true });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // A second page load in the same browser opens from the saved copy and still lands here.
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }
});

test('reloading right after finishing onboarding stays in the app', async ({ page }) => {
  await page.goto('/auth/signup');
  await fillCredentials(page, uniqueEmail(), PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/feed$/);
  await page.goto('/app/words');
  await expect(page.getByRole('heading', { level: 1, name: 'My Words' })).toBeVisible();
});

test('a learner whose onboarding another device finished is let into the app', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/feed');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
    .toContain('"onboardingCompleted":false');
  // Finished elsewhere: the saved copy here still says "not onboarded".
  const done = await page.request.post('/api/profile/onboarding', {
    data: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  expect(done.status()).toBe(200);
  await page.goto('/app/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'My Word Groups' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/groups$/);
});

test.describe('a signed-out visitor of a deep link', () => {
  for (const path of ['/app/words', '/app/profile', '/app/practice/infinity']) {
    test(`${path}: signs in and arrives there`, async ({ page }) => {
      const { email, password } = await signUpViaApi(page, { onboarded: true });
      await page.request.post('/api/auth/sign-out', { data: {} });
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth\/login(\?|$)/);
      await fillCredentials(page, email, password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('keeps the page asked for when switching to sign-up and back', async ({ page }) => {
    await page.goto('/app/words');
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fwords$/);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/auth\/signup\?next=%2Fapp%2Fwords$/);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?next=%2Fapp%2Fwords$/);
  });

  test('who has not finished onboarding goes through onboarding first', async ({ page }) => {
    const { email, password } = await signUpViaApi(page);
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/app/words');
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('a link to another site after sign-in is ignored', async ({ page }) => {
    const { email, password } = await signUpViaApi(page, { onboarded: true });
    await page.request.post('/api/auth/sign-out', { data: {} });
    await page.goto('/auth/login?next=%2F%2Fevil.example%2Fapp');
    await fillCredentials(page, email, password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/localhost:\d+\/app\/feed$/);
  });
});

test.describe('a copy saved while signed out does not bounce a signed-in learner', () => {
  for (const path of ['/app/profile', '/app/words']) {
    test(path, async ({ page }) => {
      const { email, password } = await signUpViaApi(page, { onboarded: true });
      await page.request.post('/api/auth/sign-out', { data: {} });
      // The sign-in page saves "nobody is signed in" on this device.
      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
        .toContain('"data":null');
      // Signed in again elsewhere in this browser (another tab, a password manager's sign-in).
      const signedIn = await page.request.post('/api/auth/sign-in/email', {
        data: { email, password },
      });
      expect(signedIn.status()).toBe(200);
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect(visited).not.toContain('/auth/login');
    });
  }
});
