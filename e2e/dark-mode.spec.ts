import { expect, test } from '@playwright/test';
import { contrast, luminance, signUpViaApi } from './support';

test.use({ colorScheme: 'dark' });

test('the unvisited onboarding steps are visible in dark mode', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/onboarding');
  const dots = page.getByRole('progressbar', { name: 'Onboarding progress' }).locator('span');
  await expect(dots).toHaveCount(5);
  const background = await luminance(page.locator('body'));
  // Non-text parts of the interface need 3:1 against what surrounds them (WCAG 1.4.11).
  expect(contrast(await luminance(dots.nth(4)), background)).toBeGreaterThanOrEqual(3);
});

test('the landing call to action is not a light slab in dark mode', async ({ page }) => {
  await page.goto('/');
  const block = page.locator('section[aria-labelledby="cta-title"] > div');
  await expect(block).toBeVisible();
  const page_ = await luminance(page.locator('body'));
  const cta = await luminance(block);
  expect(cta).toBeLessThan(0.1);
  expect(contrast(cta, page_)).toBeLessThan(2);
  // Its text still reads well.
  expect(contrast(await luminance(block.getByRole('heading'), 'color'), cta)).toBeGreaterThan(4.5);
});

test('the browser chrome is dark before any of the app’s code runs', async ({ page }) => {
  // No module script runs: only the inline head script.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/');
  const colours = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
  expect(colours.length).toBeGreaterThan(0);
  for (const colour of colours) expect(colour).toBe('#0b0b14');
});

test('a dark theme chosen in the app colours the browser chrome before the code runs', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/');
  const colours = await page
    .locator('meta[name="theme-color"]')
    .evaluateAll((metas) => metas.map((m) => m.getAttribute('content')));
  for (const colour of colours) expect(colour).toBe('#0b0b14');
  await context.close();
});
