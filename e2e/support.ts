import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'violet-harbour-lantern-42';

export function uniqueEmail(prefix = 'learner'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** Creates an account through the API; the page's context then holds its session cookie. */
export async function signUpViaApi(page: Page, options: { onboarded?: boolean } = {}) {
  const email = uniqueEmail();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  if (options.onboarded) {
    const done = await page.request.post('/api/profile/onboarding', {
      data: { nativeLanguage: 'en', targetLanguage: 'es' },
    });
    expect(done.status()).toBe(200);
  }
  return { email, password: PASSWORD };
}

/** The toast sonner shows, by its title. */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

export async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/**
 * The colour an element's background paints, blended over the page background, as sRGB
 * relative luminance (WCAG). The browser converts any CSS colour (oklch included).
 */
export async function luminance(
  locator: Locator,
  property: 'backgroundColor' | 'color' = 'backgroundColor',
): Promise<number> {
  return locator.evaluate((element, property) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    context.fillStyle = getComputedStyle(element)[property];
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, property);
}

/** WCAG contrast ratio of two relative luminances. */
export const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Fails with each serious or critical axe violation on what the page shows now, and, unless an
 * open list box hides the page behind it, unless the page has one h1.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { pageBehind = true, disabledRules = [] as string[] } = {},
) {
  if (pageBehind) {
    await expect(page.getByRole('heading', { level: 1 }), `${screen}: one h1`).toHaveCount(1);
  }
  // Colours are measured as painted at rest. With motion reduced, toasts and controls take their
  // final opacity at once (a toast mounting between two checks was read at its passing opacity);
  // what still moves is waited for, and spinners, which turn for ever, are let be.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    const { violations } = await new AxeBuilder({ page }).disableRules(disabledRules).analyze();
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${screen}: axe found serious or critical violations`).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
  }
}

/**
 * Opens `path` as the installed app starts: loaded once, then again with the service worker in
 * control (so the page and its saved cache can open offline).
 */
export async function openInstalledApp(page: Page, path = '/app/feed') {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}
