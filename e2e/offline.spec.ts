import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { openInstalledApp, signUpViaApi, toast } from './support';

/**
 * The installed app offline (issue 22, "Offline keeps its promise"): every screen visited once
 * online opens offline with what the device last knew and a small Offline mark, never an error
 * screen, and again after a second offline start: nothing saved is lost because a request failed.
 * Its groups come from the fake AI provider, so this file runs in the fake-ai project.
 */
const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';

const WORDS = [
  { word: 'la manzana', translation: 'apple' },
  { word: 'el pan', translation: 'bread' },
  { word: 'el avión', translation: 'plane' },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const tab = (page: Page, name: 'Feed' | 'Words' | 'Groups' | 'Profile') =>
  nav(page).getByRole('link', { name });
const practiceCard = (page: Page) => page.locator('[data-item-index]');
// "Offline", or "Offline — 1 answer waiting" once an answer was given offline.
const offlineMark = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline/ });

/** Signs up a learner with three words, the groups the fake provider makes of them queued. */
async function learnerWithWords(page: Page) {
  await signUpViaApi(page, { onboarded: true });
  const ids = WORDS.map(() => randomUUID());
  const queued = await page.request.post(`${FAKE_AI}/__fake/replies`, {
    data: [
      {
        kind: 'for',
        schema: 'word_groups',
        contains: ids[0],
        reply: {
          kind: 'json',
          value: {
            groups: [
              { name: 'Food & Dining', wordIds: [ids[0], ids[1]] },
              { name: 'Travel', wordIds: [ids[2]] },
            ],
          },
        },
      },
    ],
  });
  expect(queued.ok()).toBe(true);
  for (const [i, word] of WORDS.entries()) {
    const saved = await page.request.post('/api/words', { data: { id: ids[i], ...word } });
    expect(saved.status()).toBe(201);
  }
}

/** Nothing on screen is an error or the full-screen offline page. */
async function expectNoErrorScreen(page: Page) {
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  await expect(page.getByText('Session Generation Failed')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByText('Could not reach the server', { exact: false })).toHaveCount(0);
}

/**
 * Opens every screen by tapping, as a learner does, and checks each shows what it showed online:
 * the open practice session, the word list, a word's card, the groups, a group, the profile.
 */
async function visitEveryScreen(page: Page, { offline }: { offline: boolean }) {
  const check = async () => {
    if (offline) await expect(offlineMark(page)).toBeVisible();
    else await expect(offlineMark(page)).toHaveCount(0);
    await expectNoErrorScreen(page);
  };

  await tab(page, 'Feed').click();
  await expect(page.getByRole('heading', { name: 'Daily Practice' })).toBeVisible();
  await expect(practiceCard(page)).toBeVisible();
  await check();

  await tab(page, 'Words').click();
  for (const { word } of WORDS) await expect(page.getByText(word)).toBeVisible();
  await check();
  await page.getByRole('link', { name: /la manzana/ }).click();
  await expect(page.getByRole('heading', { name: 'la manzana' })).toBeVisible();
  // The card; on a phone the list stays drawn, hidden, behind it.
  await expect(
    page.getByRole('region', { name: 'Word card' }).getByText('apple').first(),
  ).toBeVisible();
  await check();

  await tab(page, 'Groups').click();
  const groups = page.getByRole('list', { name: 'Word groups' });
  await expect(groups.getByRole('link')).toHaveCount(2, { timeout: 15_000 });
  await check();
  await groups.getByRole('link', { name: /Food & Dining/ }).click();
  const inGroup = page.getByRole('list', { name: 'Words in Food & Dining' });
  await expect(inGroup.getByText('el pan')).toBeVisible();
  await check();

  await tab(page, 'Profile').click();
  await expect(page.getByTestId('stat-total-words-value')).toHaveText('3');
  await check();
}

/** Goes offline and starts the app again, as opening the installed app without a network. */
async function reopenOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await page.reload();
  await expect(nav(page)).toBeVisible();
}

/** Answers the card on screen whatever its kind; the answer is not known, a guess will do. */
async function answerAnyhow(page: Page) {
  const card = practiceCard(page);
  const type = await card.getAttribute('data-item-type');
  if (type === 'flashcard') {
    await card.getByTestId('flashcard').click();
    await card.getByRole('button', { name: "I didn't know" }).click();
  } else if (type === 'multiple-choice') {
    await card.getByRole('list').getByRole('button').first().click();
  } else {
    await card.getByRole('textbox').fill('zzz');
    await card.getByRole('button', { name: 'Check' }).click();
  }
}

test('offline twice, every screen visited online opens with what it last showed and an Offline mark', async ({
  page,
  context,
}) => {
  // Two rounds of six screens, offline and online, and a sign-up: long on a busy machine.
  test.setTimeout(180_000);
  await learnerWithWords(page);
  // The service worker takes control after the first load, as for an installed app.
  await openInstalledApp(page);
  await visitEveryScreen(page, { offline: false });
  // Saved on the device: the feed with its session, a word's card and a group with its words.
  const saved = () => page.evaluate(() => localStorage.getItem('verba-query-cache-v2') ?? '');
  for (const key of ['["practice","feed"]', '["words","detail",', '["groups","detail",']) {
    await expect.poll(saved).toContain(`"queryKey":${key}`);
  }

  // First time offline: every screen, and the open session goes on: the answer is checked on
  // the device and waits to be synced.
  await reopenOffline(page, context);
  await visitEveryScreen(page, { offline: true });
  await tab(page, 'Feed').click();
  const index = await practiceCard(page).getAttribute('data-item-index');
  await answerAnyhow(page);
  await expect(offlineMark(page)).toHaveText('Offline — 1 answer waiting');
  await expect(toast(page, 'Your answer was not saved')).toHaveCount(0);
  const next = page.getByRole('button', { name: /Continue/ });
  if (await next.isVisible()) {
    await expect(next).toHaveAttribute('data-ready', 'true');
    await next.click();
  }
  await expect(practiceCard(page)).not.toHaveAttribute('data-item-index', index ?? '');
  await expectNoErrorScreen(page);

  // Online again: the answer is synced and the mark goes without a reload.
  await context.setOffline(false);
  await expect(offlineMark(page)).toHaveCount(0, { timeout: 15_000 });

  // Second time offline: nothing the first offline start failed to fetch was forgotten.
  await reopenOffline(page, context);
  await visitEveryScreen(page, { offline: true });
  await context.setOffline(false);
});
