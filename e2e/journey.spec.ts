import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible, fillCredentials, PASSWORD, signUpViaApi, uniqueEmail } from './support';

/**
 * A new learner on a fresh install (no AI provider): sign up, onboard, add words, practise them,
 * and find every new word offered by the feed, moving only by taps and keys. Then the same
 * learner with two tabs open and on a second device: a word saved in one place appears in the
 * others through live updates, over one stream per browser.
 */

const NO_AI = process.env.E2E_NO_AI_URL ?? '';
test.use({ baseURL: NO_AI });

/** The onboarding's sample word (English → Spanish), saved by 'Save & Continue'. */
const SAMPLE = { word: 'mariposa', translation: 'butterfly' };
const WORDS = [
  { word: 'gato', translation: 'cat' },
  { word: 'perro', translation: 'dog' },
  { word: 'casa', translation: 'house' },
  { word: 'libro', translation: 'book' },
  { word: 'sol', translation: 'sun' },
];

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const rows = (page: Page) => page.getByRole('list', { name: 'Words' }).getByRole('listitem');
const card = (page: Page) => page.locator('[data-item-index]');
const progress = (page: Page) => page.getByTestId('feed-progress');

/** Writes a card by hand in My Words (this server has no AI provider) and waits for its row. */
async function addWord(page: Page, word: { word: string; translation: string }) {
  const input = page.getByRole('textbox', { name: 'Word or phrase' }).first();
  await input.fill(word.word);
  await input.press('Enter');
  await page.getByLabel('Translation', { exact: true }).fill(word.translation);
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(page.getByLabel('Translation', { exact: true })).toHaveCount(0);
  await expect(rows(page).filter({ hasText: word.translation })).toHaveCount(1);
}

/** Answers the card on screen rightly by keyboard, and waits for the next one (or the end). */
async function answerRightly(page: Page) {
  const current = card(page);
  await expect(current).toBeVisible();
  const index = await current.getAttribute('data-item-index');
  const type = await current.getAttribute('data-item-type');
  const prompt = (await current.getByTestId('practice-prompt').innerText()).trim();
  const word = [SAMPLE, ...WORDS].find(
    (w) => prompt.startsWith(w.word) || prompt === w.translation,
  );
  if (!word) throw new Error(`No word of the learner's for the prompt "${prompt}"`);
  if (type === 'flashcard') {
    await page.keyboard.press('Space');
    await expect(current.getByTestId('flashcard')).toHaveAttribute('data-flipped', 'true');
    await page.keyboard.press('1');
  } else if (type === 'multiple-choice') {
    const options = current.getByRole('list').getByRole('button');
    await expect(options).toHaveCount(4);
    const texts = (await options.allInnerTexts()).map((t) => t.replace(/^\d\s*/, '').trim());
    await page.keyboard.press(String(texts.indexOf(word.translation) + 1));
  } else {
    const field = current.getByRole('textbox');
    await field.fill(word.word);
    await field.press('Enter');
  }
  await expect(card(page).and(page.locator(`[data-item-index="${index}"]`))).toHaveCount(0);
}

test('a new learner adds words, practises them, and the feed offers each new word', async ({
  page,
}) => {
  // Sign-up, five saves and twenty answers: longer than the default on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/auth/signup');
  await expectAccessible(page, 'sign up');
  await fillCredentials(page, uniqueEmail('journey'), PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expectAccessible(page, 'onboarding');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Learning' }).click();

  // 'Save & Continue' saved the sample word: it is the first practice (one word, two items).
  await expect(progress(page)).toHaveText('0 / 2');
  await expectAccessible(page, 'the first practice card');
  for (let answered = 0; answered < 2; answered++) await answerRightly(page);
  await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();

  // My Words warms the feed (nothing due then); the saves must not leave it so.
  await nav(page, 'Words').click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Words' })).toBeVisible();
  await expectAccessible(page, 'My Words with the sample word');
  for (const word of WORDS.slice(0, 4)) await addWord(page, word);
  await expectAccessible(page, 'My Words with five words');

  // A session ended within the hour and new words are due: a quick review of the four.
  await nav(page, 'Feed').click();
  await expect(page.getByRole('heading', { name: 'Quick Review Available' })).toBeVisible();
  await expect(page.getByText('4 words are due again')).toBeVisible();
  await page.getByRole('button', { name: 'Start Quick Review' }).click();
  await expect(card(page)).toBeVisible();
  await expect(progress(page)).toHaveText('0 / 16');
  await expectAccessible(page, 'a practice card');
  for (let answered = 0; answered < 16; answered++) await answerRightly(page);
  await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();
  await expectAccessible(page, 'the completed session');

  // Nothing is due now; a word added is.
  await nav(page, 'Words').click();
  await addWord(page, WORDS[4]!);
  await nav(page, 'Feed').click();
  // A session ended within the hour: the new word is offered as a quick review.
  await expect(page.getByRole('heading', { name: 'Quick Review Available' })).toBeVisible();
  await expect(page.getByText('1 word is due again')).toBeVisible();
  await expectAccessible(page, 'the quick review');
  await page.getByRole('button', { name: 'Start Quick Review' }).click();
  await expect(progress(page)).toHaveText(/^0 \/ \d+$/);
  await expect(card(page).getByTestId('practice-prompt')).toContainText(/sol|sun/);
});

/** Opens /api/events requests' count for a browser context (every tab in it). */
function countEventStreams(context: BrowserContext) {
  const opened = { count: 0 };
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') opened.count += 1;
  });
  return opened;
}

test('tabs of one browser share one live-updates stream and see each other’s saves', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const streams = countEventStreams(context);
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await expect(page.getByText('No words yet')).toBeVisible();
  await expect.poll(() => streams.count).toBe(1);

  const second = await context.newPage();
  await second.goto('/app/words');
  await expect(second.getByRole('heading', { level: 1, name: 'My Words' })).toBeVisible();

  // Saved in the first tab, it appears in the second without a tap there.
  await addWord(page, WORDS[0]!);
  await expect(rows(second).filter({ hasText: 'cat' })).toHaveCount(1);
  await expectAccessible(second, 'My Words in a second tab');
  expect(streams.count).toBe(1);

  // The tab holding the stream closes: the other takes it over and still hears changes.
  await page.close();
  await expect.poll(() => streams.count).toBe(2);
  const third = await context.newPage();
  await third.goto('/app/words');
  await expect(rows(third)).toHaveCount(1);
  await addWord(third, WORDS[1]!);
  await expect(rows(second).filter({ hasText: 'dog' })).toHaveCount(1);
  expect(streams.count).toBe(2);
});

test('a word saved on another device appears through live updates, and the feed offers it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { email } = await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/feed');
  await expect(page.getByRole('heading', { name: "Let's start learning!" })).toBeVisible();

  const device = await browser.newContext({ baseURL: NO_AI });
  try {
    const other = await device.newPage();
    await other.goto('/auth/login');
    await fillCredentials(other, email, PASSWORD);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await expect(other).toHaveURL(/\/app\/feed$/);
    await nav(other, 'Words').click();
    await addWord(other, WORDS[0]!);

    // The empty feed in the first browser turns into a session by itself.
    await expect(card(page).getByTestId('practice-prompt')).toContainText(/gato|cat/);
    await expect(progress(page)).toHaveText(/^0 \/ \d+$/);
    await nav(page, 'Words').click();
    await expect(rows(page).filter({ hasText: 'cat' })).toHaveCount(1);
    await expectAccessible(page, 'My Words after a save elsewhere');
  } finally {
    await device.close();
  }
});
