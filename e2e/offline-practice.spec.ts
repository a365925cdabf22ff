import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, openInstalledApp, signUpViaApi, toast } from './support';

/**
 * Practice with no connection (issue 26), in the installed app with its service worker: a session
 * under way is finished offline, today's session and an infinity round start offline from the
 * words kept on the device, and once the connection is back every answer reaches the server and
 * counts once, whatever the tabs did meanwhile.
 */

const WORDS = [
  { word: 'la manzana', translation: 'apple' },
  { word: 'el pan', translation: 'bread' },
  { word: 'el avión', translation: 'plane' },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const tab = (page: Page, name: 'Feed' | 'Words' | 'Groups' | 'Profile') =>
  nav(page).getByRole('link', { name });
const practiceCard = (page: Page) => page.locator('[data-item-index]');
const mark = (page: Page) => page.getByTestId('offline-badge');
const completed = (page: Page) => page.getByRole('heading', { name: 'Session complete!' });

async function addWords(page: Page, words: readonly { word: string; translation: string }[]) {
  for (const word of words) {
    const saved = await page.request.post('/api/words', { data: { id: randomUUID(), ...word } });
    expect(saved.status()).toBe(201);
  }
}

/** Answers the card on screen whatever its kind, and moves past a correction. */
async function answerAnyhow(page: Page) {
  const card = practiceCard(page);
  const index = await card.getAttribute('data-item-index');
  const type = await card.getAttribute('data-item-type');
  if (type === 'flashcard') {
    await card.getByTestId('flashcard').click();
    await card.getByRole('button', { name: 'I knew it' }).click();
  } else if (type === 'multiple-choice') {
    await card.getByRole('list').getByRole('button').first().click();
  } else {
    await card.getByRole('textbox').fill('zzz');
    await card.getByRole('button', { name: 'Check' }).click();
  }
  const next = page.getByRole('button', { name: /Continue/ });
  // The next card, the completion, or a correction to move past.
  await expect(async () => {
    const shown = await card.getAttribute('data-item-index', { timeout: 500 }).catch(() => null);
    const moved = shown !== index;
    const correcting = await next.isVisible();
    expect(moved || correcting).toBe(true);
  }).toPass();
  if (await next.isVisible()) {
    await expect(next).toHaveAttribute('data-ready', 'true');
    await next.click();
  }
}

/** Answers every card until the session or round is done (`done` is on screen). */
async function answerUntil(page: Page, done: () => Promise<boolean>) {
  for (let answered = 0; !(await done()); answered++) {
    expect(answered, 'a session has at most 80 items').toBeLessThan(80);
    await expect(practiceCard(page).or(completed(page))).toBeVisible();
    if (await done()) return;
    await answerAnyhow(page);
  }
}

const goOffline = (context: BrowserContext) => context.setOffline(true);

/** The profile as the server has it: what the learner's practice counted. */
async function serverProfile(page: Page) {
  const response = await page.request.get('/api/profile');
  expect(response.ok()).toBe(true);
  return (await response.json()) as { currentStreak: number; totalStudyTime: number };
}

/** The review log's count for the year, as the Progress screen reads it. */
async function reviewsCounted(page: Page) {
  const response = await page.request.get('/api/stats');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { totalReviews: number }).totalReviews;
}

async function session(page: Page, id: string) {
  const response = await page.request.get(`/api/practice/sessions/${id}`);
  return {
    status: response.status(),
    body: (await response.json()) as {
      completedAt: string | null;
      items: { completed: boolean }[];
    },
  };
}

test.describe('practice offline', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a session under way is finished offline, and counted once when the connection is back', async ({
    page,
    context,
  }, testInfo) => {
    await signUpViaApi(page, { onboarded: true });
    await addWords(page, WORDS);
    await openInstalledApp(page);
    await expect(practiceCard(page)).toBeVisible();
    const sessionId = await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('verba-query-cache-v2') ?? '{}') as {
        clientState?: { queries?: { queryKey: unknown[]; state: { data: unknown } }[] };
      };
      const feed = saved.clientState?.queries?.find((q) => q.queryKey.join() === 'practice,feed');
      return (feed?.state.data as { session?: { id: string } } | undefined)?.session?.id ?? '';
    });
    expect(sessionId).not.toBe('');
    await answerAnyhow(page);

    // The connection drops: every answer is checked here, shown, and the next card comes.
    await goOffline(context);
    await answerAnyhow(page);
    await expect(mark(page)).toHaveText(/^Offline — \d+ answers? waiting$/);
    await expect(mark(page)).toBeVisible();
    // The quiet mark at phone size, readable in light and dark.
    await expectAccessible(page, 'the offline mark, light');
    await page.screenshot({ path: testInfo.outputPath('offline-mark-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, 'the offline mark, dark');
    await page.screenshot({ path: testInfo.outputPath('offline-mark-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    await answerUntil(page, () => completed(page).isVisible());
    await expect(page.getByTestId('session-summary')).toContainText('Words practised');
    await expect(page.getByTestId('session-summary')).toContainText('3');
    await expect(toast(page, 'Your answer was not saved')).toHaveCount(0);
    const waiting = await mark(page).textContent();
    expect(waiting).toMatch(/^Offline — \d+ answers waiting$/);

    // Back online: the answers reach the server, the mark says so, and the profile follows.
    await context.setOffline(false);
    await expect(mark(page)).toHaveText('Synced', { timeout: 30_000 });
    await expect(mark(page)).toHaveCount(0, { timeout: 15_000 });
    await tab(page, 'Profile').click();
    await expect(page.getByTestId('stat-streak-value')).toHaveText('1');
    const after = await serverProfile(page);
    expect(after.currentStreak).toBe(1);
    expect(after.totalStudyTime).toBeGreaterThanOrEqual(1);
    const read = await session(page, sessionId);
    expect(read.body.completedAt).not.toBeNull();
    expect(read.body.items.every((i) => i.completed)).toBe(true);
    // Each answer, online or offline, is one review in the log.
    expect(await reviewsCounted(page)).toBe(read.body.items.length);

    // Counted once: starting the app again sends nothing twice.
    await page.reload();
    await expect(nav(page)).toBeVisible();
    await expect(page.getByTestId('stat-streak-value')).toHaveText('1');
    expect(await serverProfile(page)).toEqual(after);
    expect(await reviewsCounted(page)).toBe(read.body.items.length);
  });

  test('reloaded offline, today’s session and an infinity round start from the words on the device', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page, { onboarded: true });
    await addWords(page, WORDS.slice(0, 1));
    await openInstalledApp(page);
    // Today's first session, online, then two more words become due: a quick review waits.
    await answerUntil(page, () => completed(page).isVisible());
    await tab(page, 'Words').click();
    await addWords(page, WORDS.slice(1));
    const kept = () =>
      page.evaluate(() => {
        const saved = localStorage.getItem('verba-query-cache-v2') ?? '';
        // The words kept for offline practice, and the feed offering a quick review of them.
        const words = ['el pan', 'el avión'].every((w) => saved.includes(`"word":"${w}"`));
        return words && saved.includes('"kind":"quick-review"');
      });
    await expect.poll(kept, { timeout: 30_000 }).toBe(true);

    // The installed app opened with no connection.
    await goOffline(context);
    await page.reload();
    await expect(nav(page)).toBeVisible();
    await tab(page, 'Feed').click();
    await page.getByRole('button', { name: 'Start Quick Review' }).click();
    await expect(practiceCard(page)).toBeVisible();
    const daily = await page.locator('[data-item-index]').getAttribute('aria-label');
    expect(daily).toMatch(/^Item 1 of \d+$/);
    await answerUntil(page, () => completed(page).isVisible());
    await expect(mark(page)).toHaveText(/^Offline — \d+ answers waiting$/);

    // An infinity round, from the completion screen.
    await page.getByRole('link', { name: 'Infinity Practice' }).click();
    await expect(practiceCard(page)).toBeVisible();

    // Reloaded offline on its own address, the round goes on at the card it had reached.
    await answerAnyhow(page);
    const reached = await practiceCard(page).getAttribute('aria-label');
    expect(reached).toMatch(/^Item 2 of \d+$/);
    const address = page.url();
    expect(address).toMatch(/[?&]session=/);
    await page.reload();
    await expect(practiceCard(page)).toHaveAttribute('aria-label', reached!);
    expect(page.url()).toBe(address);
    const greatPractice = page.getByText('Great Practice!');
    await answerUntil(page, () => greatPractice.isVisible());
    await expect(toast(page, 'Error loading words')).toHaveCount(0);

    // Online: the daily session and the round reach the server, once.
    await context.setOffline(false);
    await expect(mark(page)).toHaveText('Synced', { timeout: 30_000 });
    await tab(page, 'Profile').click();
    await expect(page.getByTestId('stat-streak-value')).toHaveText('1');
    const feed = await page.request.get('/api/practice/feed');
    expect(((await feed.json()) as { kind: string }).kind).not.toBe('due');
  });

  test('two tabs answering the same session offline count it once when the connection is back', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page, { onboarded: true });
    await addWords(page, WORDS.slice(0, 1));
    await openInstalledApp(page);
    await expect(practiceCard(page)).toBeVisible();
    const second = await context.newPage();
    await second.goto('/app/feed');
    await expect(practiceCard(second)).toBeVisible();

    await goOffline(context);
    await answerUntil(page, () => completed(page).isVisible());
    await answerUntil(second, () => completed(second).isVisible());
    await expect(mark(second)).toHaveText(/^Offline — \d+ answers waiting$/);

    await context.setOffline(false);
    await expect(mark(page)).toHaveText('Synced', { timeout: 30_000 });
    // The second tab's answers came after the first's: the server took each item's first answer.
    const notCounted = async () =>
      (await toast(page, 'could not be counted').count()) +
      (await toast(second, 'could not be counted').count());
    await expect.poll(notCounted).toBe(1);
    const profile = await serverProfile(page);
    expect(profile.currentStreak).toBe(1);
    expect(profile.totalStudyTime).toBe(1);
    await second.close();
  });

  test('signing out with answers waiting says how many would be lost and offers to wait for sync', async ({
    page,
    context,
  }, testInfo) => {
    await signUpViaApi(page, { onboarded: true });
    await addWords(page, WORDS.slice(0, 1));
    await openInstalledApp(page);
    await expect(practiceCard(page)).toBeVisible();
    await goOffline(context);
    await answerAnyhow(page);
    await expect(mark(page)).toHaveText('Offline — 1 answer waiting');

    await tab(page, 'Profile').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const warning = page.getByRole('alertdialog');
    await expect(warning).toContainText('1 answer has not reached the server yet');
    await page.screenshot({ path: testInfo.outputPath('unsynced-sign-out.png') });
    await warning.getByRole('button', { name: 'Wait for sync' }).click();
    await expect(warning).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/profile$/);

    // Back online, the answer is synced; signing out then asks nothing.
    await context.setOffline(false);
    await expect(mark(page)).toHaveText('Synced', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});
