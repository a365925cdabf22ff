import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

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
