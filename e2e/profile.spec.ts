import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { openInstalledApp, PASSWORD, signUpViaApi, toast } from './support';

async function seedWords(page: Page, words: [string, string][]) {
  for (const [word, translation] of words) {
    const response = await page.request.post('/api/words', {
      data: { id: randomUUID(), word, translation },
    });
    expect(response.status()).toBe(201);
  }
}

const NO_AI = process.env.E2E_NO_AI_URL ?? '';

const card = (page: Page, testId: string) => page.getByTestId(testId);

test('the profile shows who is learning what, and progress counted from the words', async ({
  page,
}) => {
  const { email } = await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [
    ['el gato', 'cat'],
    ['la casa', 'house'],
    ['el perro', 'dog'],
  ]);
  await page.goto('/app/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByTestId('profile-avatar')).toHaveText(email.charAt(0).toUpperCase());
  await expect(page.getByTestId('profile-name')).toHaveText(email);
  await expect(page.getByTestId('profile-learning')).toHaveText('Learning ES');
  await expect(page.getByTestId('profile-learning-name')).toHaveText('Spanish');

  await expect(card(page, 'stat-total-words')).toContainText('Total Words');
  await expect(card(page, 'stat-total-words-value')).toHaveText('3');
  await expect(card(page, 'stat-total-words-detail')).toHaveText('0 mastered (0%)');
  await expect(card(page, 'stat-streak')).toContainText('Streak');
  await expect(card(page, 'stat-streak-value')).toHaveText('0');
  await expect(card(page, 'stat-streak-detail')).toHaveText('days');
  await expect(card(page, 'stat-study-time')).toContainText('Study Time');
  await expect(card(page, 'stat-study-time-value')).toHaveText('0 min');
  await expect(card(page, 'stat-mastery-rate')).toContainText('Mastery Rate');
  await expect(card(page, 'stat-mastery-rate-value')).toHaveText('0%');
  await expect(page.getByRole('button', { name: 'Send Feedback' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByTestId('install-card')).toBeVisible();

  // A word added elsewhere shows when the profile opens again.
  await seedWords(page, [['el sol', 'sun']]);
  await page.getByRole('link', { name: 'Feed' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(card(page, 'stat-total-words-value')).toHaveText('4');
});

test('after a first day of practice the cards read 1 day and minutes, never 0 hours', async ({
  page,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [['el gato', 'cat']]);
  // A whole round through the API, each answer taking 20 s: the practice screens have their own
  // tests; what is under test here is how the profile counts it.
  const started = await page.request.post('/api/practice/sessions', {
    data: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
  });
  expect(started.status()).toBe(201);
  const session = (await started.json()) as {
    id: string;
    words: { id: string; word: string; translation: string }[];
    items: { index: number; wordId: string; type: string; options: string[] | null }[];
  };
  for (const item of session.items) {
    const word = session.words.find((w) => w.id === item.wordId)!;
    const answer =
      item.type === 'flashcard'
        ? { type: 'flashcard', knew: true }
        : item.type === 'multiple-choice'
          ? { type: 'multiple-choice', optionIndex: item.options!.indexOf(word.translation) }
          : { type: 'spelling', text: word.word };
    const answered = await page.request.post(`/api/practice/sessions/${session.id}/answers`, {
      data: { id: randomUUID(), itemIndex: item.index, answer, responseTimeMs: 20_000 },
    });
    expect(answered.status()).toBe(200);
  }
  const minutes = Math.ceil((session.items.length * 20) / 60);

  await page.goto('/app/profile');
  await expect(card(page, 'stat-streak-value')).toHaveText('1');
  await expect(card(page, 'stat-streak-detail')).toHaveText('day');
  await expect(card(page, 'stat-study-time-value')).toHaveText(`${minutes} min`);
  await expect(card(page, 'stat-study-time-detail')).toHaveText('spent practising');
});

test('feedback is checked with the spec messages, sent, and the form resets', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog.getByLabel('Type')).toHaveValue('general');

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Feedback must be at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Message').fill('   too short   ');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Feedback must be at least 10 characters')).toBeVisible();
  await dialog.getByLabel('Message').fill('x'.repeat(1001));
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Feedback must be less than 1000 characters')).toBeVisible();

  await dialog.getByLabel('Type').selectOption('feature');
  await dialog.getByLabel('Message').fill('Please add a dark flashcard style.');
  await dialog.getByRole('button', { name: '4 stars' }).click();
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/feedback') && r.method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).toEqual({
    feedbackType: 'feature',
    message: 'Please add a dark flashcard style.',
    rating: 4,
  });
  await expect(toast(page, 'Thank you!')).toContainText(
    'Your feedback has been submitted successfully.',
  );
  await expect(dialog).toBeHidden();

  // The toast and the bottom navigation sit over the page's last buttons: open it by keyboard.
  await page.getByRole('button', { name: 'Send Feedback' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Message')).toHaveValue('');
  await expect(dialog.getByLabel('Type')).toHaveValue('general');
});

test('a failed feedback says so', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.route('**/api/feedback', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/app/profile');
  await page.getByRole('button', { name: 'Send Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await dialog.getByLabel('Message').fill('Something is off with the list.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Error')).toContainText('Failed to submit feedback. Please try again.');
  await expect(dialog).toBeVisible();
});

test('the theme toggle switches light and dark and keeps the choice', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await page.getByRole('radio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
});

test('without analytics on the server there is no analytics switch', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/profile');
  await expect(page.getByRole('switch', { name: 'Haptic feedback' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Share usage analytics' })).toHaveCount(0);
});

test.describe('on a server with analytics set up', () => {
  // The server without an AI provider reports to a stand-in PostHog host (playwright.config.ts).
  test.use({ baseURL: NO_AI });

  test('haptics and analytics switches keep their choice', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/profile');
    const haptics = page.getByRole('switch', { name: 'Haptic feedback' });
    const analytics = page.getByRole('switch', { name: 'Share usage analytics' });
    await expect(haptics).toBeChecked();
    await expect(analytics).toBeChecked();
    await haptics.click();
    await expect(haptics).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('haptics'))).toBe('off');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/profile') && r.request().method() === 'PATCH',
    );
    await analytics.click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Haptic feedback' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Share usage analytics' })).not.toBeChecked();
  });
});

test('account settings: name, languages, password, data download and deletion', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { email } = await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [['el gato', 'cat']]);
  // Another device, signed in with the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signIn = await otherPage.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
  });
  expect(signIn.status()).toBe(200);

  await page.goto('/app/profile');
  await page.getByLabel('Display name').fill('  Ana  ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('profile-name')).toHaveText('Ana');

  await page.getByLabel("I'm learning").selectOption('fr');
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(page.getByTestId('profile-learning')).toHaveText('Learning FR');
  await expect(page.getByTestId('profile-learning-name')).toHaveText('French');
  await page.getByLabel('I speak').selectOption('fr');
  await page.getByRole('button', { name: 'Save languages' }).click();
  await expect(page.getByText('Native and target languages must be different')).toBeVisible();

  // Download my data.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^verba-data-.*\.json$/);
  const data = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      void file.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      });
    }),
  ) as { profile: { email: string }; words: { word: string }[] };
  expect(data.profile.email).toBe(email);
  expect(data.words.map((w) => w.word)).toEqual(['el gato']);

  // Change password: the current one is required; the other device is signed out.
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('not-the-password');
  await dialog.getByLabel('New password').fill('quiet-meadow-compass-77');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  // Checking a password (and judging the new one's strength) takes a moment on a busy machine.
  await expect(dialog.getByText('Current password is incorrect')).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page, 'Password changed')).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toBeHidden();
  expect((await otherPage.request.get('/api/profile')).status()).toBe(401);
  expect((await page.request.get('/api/profile')).status()).toBe(200);
  await other.close();

  // Delete the account: typed confirmation.
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Type DELETE to confirm').fill('delete');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm.getByRole('alert')).toHaveText('Type DELETE to confirm');
  await confirm.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(toast(page, 'Account deleted')).toBeVisible();
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  const again = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'quiet-meadow-compass-77' },
  });
  expect(again.status()).toBe(401);
});

test('the manifest is valid and installable, with the Practice and Add word shortcuts', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Verba',
    short_name: 'Verba',
    display: 'standalone',
    start_url: '/app/feed',
  });
  expect(manifest.description).toEqual(expect.any(String));
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
    ['Practice', '/app/feed'],
    ['Add word', '/app/words'],
  ]);
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
});

test('offline, the app reloads and shows the cached word list and profile', async ({
  page,
  context,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [
    ['el gato', 'cat'],
    ['la casa', 'house'],
  ]);
  await openInstalledApp(page, '/app/words');
  await expect(page.getByText('el gato')).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(card(page, 'stat-total-words-value')).toHaveText('2');
  await page.getByRole('link', { name: 'Words' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? ''))
    .toContain('la casa');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('el gato')).toBeVisible();
  await expect(page.getByText('la casa')).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(card(page, 'stat-total-words-value')).toHaveText('2');
  // Actions that need the network say so instead of spinning.
  await expect(
    page.getByText('You are offline. Connect to the internet and try again.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toBeDisabled();
  await context.setOffline(false);
});

test('without POSTHOG_KEY no request leaves for an analytics host', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/feed');
  await page.getByRole('link', { name: 'Words' }).click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByRole('link', { name: 'Feed' }).click();
  const config = await page.request.get('/api/config');
  expect(await config.json()).toMatchObject({ posthogKey: null });
  const origin = new URL(page.url()).origin;
  expect(requests.length).toBeGreaterThan(0);
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
  expect(requests.filter((url) => /posthog/i.test(url))).toEqual([]);
});

test.describe('install card', () => {
  test("offers 'Install App Now' when the browser offers installation", async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/profile');
    const card = page.getByTestId('install-card');
    await expect(card).toHaveAttribute('data-device', 'android');
    await expect(card.getByRole('button', { name: 'Install App Now' })).toHaveCount(0);
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: () => {
          (window as unknown as { prompted: boolean }).prompted = true;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await card.getByRole('button', { name: 'Install App Now' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
      .toBe(true);
    await expect(card.getByRole('button', { name: 'Install App Now' })).toHaveCount(0);
  });

  test("says 'App Installed!' when running as the installed app", async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query === '(display-mode: standalone)'
          ? ({ ...original(query), matches: true, media: query } as MediaQueryList)
          : original(query);
    });
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/profile');
    await expect(page.getByText('App Installed!')).toBeVisible();
    await expect(page.getByTestId('install-card')).toHaveCount(0);
  });
});
