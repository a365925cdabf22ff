import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, resolveChromium } from '../scripts/chromium.ts';
import { signUpViaApi } from './support';

/**
 * Product analytics with a POSTHOG_KEY: the server without an AI provider reports to a stand-in
 * PostHog host (playwright.config.ts). Page views reach it while the learner allows analytics, and
 * none while they have switched it off.
 */
const NO_AI = process.env.E2E_NO_AI_URL ?? '';
const HOST = process.env.E2E_FAKE_ANALYTICS_URL ?? '';

const browser = resolveChromium();

test.use({
  baseURL: NO_AI,
  // PostHog drops events from browsers that say they are automated (navigator.webdriver); a
  // learner's browser does not say so.
  launchOptions: {
    executablePath: browser.executablePath,
    args: [...CHROMIUM_ARGS, '--disable-blink-features=AutomationControlled'],
    env: browser.env,
  },
});

/**
 * PostHog also drops events from browsers whose client hints name a headless browser
 * (`navigator.userAgentData.brands`). The npm-packaged Chromium is the headless shell, which
 * says "HeadlessChrome" there; a learner's Chromium says "Chromium". The page is given the
 * brands a learner's Chromium of the same version sends.
 */
async function presentAsLearnersBrowser(page: Page) {
  const major = (page.context().browser()?.version() ?? '').split('.')[0] ?? '';
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setUserAgentOverride', {
    userAgent: await page.evaluate(() => navigator.userAgent),
    userAgentMetadata: {
      brands: [
        { brand: 'Chromium', version: major },
        { brand: 'Not.A/Brand', version: '8' },
      ],
      platform: 'Android',
      platformVersion: '14',
      architecture: '',
      model: 'Pixel 7',
      mobile: true,
    },
  });
}

/** The paths of the page views the host has received. */
async function pageViews(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${HOST}/__fake/events`);
  const events = (await response.json()) as { event: string; url: string | null }[];
  return events
    .filter((e) => e.event === '$pageview' && e.url !== null)
    .map((e) => new URL(e.url ?? '').pathname);
}

async function switchAnalytics(page: Page, on: boolean) {
  const analytics = page.getByRole('switch', { name: 'Share usage analytics' });
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH',
  );
  await analytics.click();
  expect((await saved).ok()).toBe(true);
  if (on) await expect(analytics).toBeChecked();
  else await expect(analytics).not.toBeChecked();
}

test('page views reach the analytics host while the learner allows it, and none while not', async ({
  page,
  request,
}) => {
  await request.delete(`${HOST}/__fake`);
  await signUpViaApi(page, { onboarded: true });
  await presentAsLearnersBrowser(page);
  await page.goto('/app/words');
  await expect.poll(() => pageViews(request), { timeout: 20_000 }).toContain('/app/words');

  // Switched off on the profile: the groups page visited meanwhile is not reported.
  await page.getByRole('link', { name: 'Profile' }).click();
  await switchAnalytics(page, false);
  await page.getByRole('link', { name: 'Groups' }).click();
  await expect(page.getByRole('heading', { name: 'My Word Groups' })).toBeVisible();

  // Switched on again: the next page is reported, and it is the first since the switch.
  await page.getByRole('link', { name: 'Profile' }).click();
  await switchAnalytics(page, true);
  await page.getByRole('link', { name: 'Feed' }).click();
  await expect.poll(() => pageViews(request), { timeout: 20_000 }).toContain('/app/feed');
  expect(await pageViews(request)).not.toContain('/app/groups');
});
