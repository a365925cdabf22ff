import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openInstalledApp, signUpViaApi } from './support';

/** The built file of one page's code (other chunks may share its name, e.g. the profile query). */
function builtChunk(source: string): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build`);
  return entry.file;
}

test('the landing page shows every section and links to sign-in and sign-up', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Verba/);
  await expect(page.getByText('Just vocabulary, nothing disturbing.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toHaveAttribute(
    'href',
    '/auth/login',
  );
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute(
    'href',
    '/auth/signup',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Verba/);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('each page sets its own title and canonical link', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page).toHaveTitle(/Sign in/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/auth\/login$/);
  await page.goto('/auth/signup');
  await expect(page).toHaveTitle(/Create/i);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/auth\/signup$/);
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown API path answers a JSON 404', async ({ request }) => {
  const response = await request.get('/api/no/such/route');
  expect(response.status()).toBe(404);
  expect((await response.json()).error.code).toBe('NOT_FOUND');
});

test('the chosen theme is kept across a reload', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await page.getByRole('radio', { name: 'Light' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('system theme follows the device setting', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await context.close();
});

test('the service worker is registered at /sw.js', async ({ page }) => {
  await page.goto('/');
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
});

test('when a page cannot load, the error fallback offers a reload and a way home', async ({
  page,
}) => {
  await signUpViaApi(page, { onboarded: true });
  // A page's code failing to arrive, as after a redeploy removed the old files.
  const profileCode = builtChunk('src/app/routes/app/profile.tsx');
  await page.route(`**/${profileCode}`, (route) => route.abort());
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText("We're sorry, but something unexpected happened")).toBeVisible();
  await expect(
    page.getByText(
      'This error has been automatically reported. If the problem persists, please contact support.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test.describe('offline', () => {
  test('a signed-in learner opens the installed app without a network', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page, { onboarded: true });
    await openInstalledApp(page, '/app/profile');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
      .toContain('onboardingCompleted');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await context.setOffline(false);
  });

  test('with nothing saved on the device it says it is offline instead of spinning', async ({
    page,
    context,
  }) => {
    // The landing page saves nothing: this device has never known who is signed in.
    await openInstalledApp(page, '/');
    await context.setOffline(true);
    await page.goto('/app/feed');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
  });

  test('signing out removes the saved copy from the device', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/profile');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
      .toContain('onboardingCompleted');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
      .not.toContain('@example.com');
  });
});

test('pages load without console errors or security-policy violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  await page.exposeFunction('reportViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
      );
    });
  });

  for (const path of ['/', '/how-we-measured', '/auth/login', '/auth/signup', '/no/such/page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // A toast (sign-in's 'Validation error'; sign-up keeps its errors in the form).
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await signUpViaApi(page, { onboarded: true });
  for (const path of [
    '/app/feed',
    '/app/words',
    '/app/groups',
    '/app/profile',
    '/app/practice/infinity',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(problems).toEqual([]);
});
