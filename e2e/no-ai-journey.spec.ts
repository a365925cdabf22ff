import { expect, test, type Page } from '@playwright/test';
import { fillCredentials, PASSWORD, toast, uniqueEmail } from './support';

/**
 * The embedded default a newcomer meets first: a server with no AI provider (playwright.config.ts
 * starts one). From the landing page to a first practised hand-written word, by taps only; nothing
 * on the way promises AI the server does not have.
 */
const NO_AI = process.env.E2E_NO_AI_URL ?? '';
test.use({ baseURL: NO_AI });

/** The words of this journey: the onboarding sample (English → Spanish) and one written by hand. */
const WORDS = [
  { word: 'mariposa', translation: 'butterfly' },
  { word: 'la luna', translation: 'moon' },
];

const card = (page: Page) => page.locator('[data-item-index]');

/** Answers the card on screen rightly by taps; returns the word it asked about. */
async function answerByTaps(page: Page): Promise<string> {
  const current = card(page);
  await expect(current).toBeVisible();
  const index = await current.getAttribute('data-item-index');
  const type = await current.getAttribute('data-item-type');
  const prompt = (await current.getByTestId('practice-prompt').innerText()).trim();
  const word = WORDS.find((w) => prompt.startsWith(w.word) || prompt === w.translation);
  if (!word) throw new Error(`No word of this journey for the prompt "${prompt}"`);
  if (type === 'flashcard') {
    await current.getByTestId('flashcard').click();
    await current.getByRole('button', { name: 'I knew it' }).click();
  } else if (type === 'multiple-choice') {
    await current
      .getByRole('list')
      .getByRole('button')
      .filter({ hasText: new RegExp(`^\\d?\\s*${word.translation}$`) })
      .click();
  } else {
    await current.getByRole('textbox').fill(word.word);
    await current.getByRole('button', { name: 'Check' }).click();
  }
  await expect(card(page).and(page.locator(`[data-item-index="${index}"]`))).toHaveCount(0);
  return word.word;
}

/** Answers until the completion screen (daily or infinity); returns the words asked about. */
async function practiseAll(page: Page): Promise<Set<string>> {
  const asked = new Set<string>();
  const done = page.getByRole('heading', { name: /^(Session complete!|Great Practice!)$/ });
  while (!(await done.isVisible())) {
    await expect(card(page).or(done).first()).toBeVisible();
    if (await done.isVisible()) break;
    asked.add(await answerByTaps(page));
  }
  return asked;
}

test('a newcomer on a server without AI writes a first card and practises it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  // The landing page promises no AI writing on this server.
  await expect(page.getByText(/AI writes/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Get Started' }).first().click();

  await fillCredentials(page, uniqueEmail('no-ai'), PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The sample word: a card to look at, not a field to type in, and no claim that AI writes it.
  await expect(page.getByRole('article', { name: 'Sample word card: mariposa' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(/AI writes/)).toHaveCount(0);
  await expect(page.getByText(/write its study card/)).toBeVisible();
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  await expect(
    page.getByText(
      'Groups are made by an AI provider, and this server has none. All your words are in My Words.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start Learning' }).click();
  await expect(page).toHaveURL(/\/app\/feed$/);

  // 'Save & Continue' saved the sample: it is the first practice.
  expect(await practiseAll(page)).toEqual(new Set(['mariposa']));
  // Suggestions say in one sentence that they need a provider; no failed refresh.
  await expect(
    page.getByText('Suggestions are written by an AI provider, and this server has none.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(page.getByText('Refresh failed')).toHaveCount(0);

  // My Words: writing the card is the way to add a word.
  await page.getByRole('link', { name: 'Words' }).click();
  await expect(page.getByRole('heading', { name: 'My Words', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Word Card' })).toHaveCount(0);
  await expect(
    page.getByText('This server has no AI provider, so you write each card yourself.'),
  ).toBeVisible();
  await page.getByText('How an admin adds an AI provider').click();
  await expect(page.getByText(/AI_BASE_URL and AI_MODEL/)).toBeVisible();

  await page.getByPlaceholder('Type any word or phrase...').fill('la luna');
  await page.getByRole('button', { name: 'Write Word Card' }).click();
  await expect(page.getByRole('heading', { name: 'Write a card' })).toBeVisible();
  // One 'Word or phrase' field: the form's, with the word typed above.
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveValue('la luna');
  await page.getByLabel('Translation', { exact: true }).fill('moon');
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(toast(page, 'Word saved! ✓')).toBeVisible();
  const rows = page.getByRole('list', { name: 'Words' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'la luna' })).toContainText('moon');

  // Back to the feed: the new word is practised.
  await page.getByRole('link', { name: 'Feed' }).click();
  // The last session ended moments ago: the new word is offered as a quick review, or (while the
  // feed still counts the words it had) infinity practice takes every word.
  const quickReview = page.getByRole('button', { name: 'Start Quick Review' });
  const infinity = page.getByRole('link', { name: 'Infinity Practice' });
  await expect(quickReview.or(infinity).first()).toBeVisible();
  await ((await quickReview.isVisible()) ? quickReview : infinity).click();
  expect(await practiseAll(page)).toContain('la luna');
  await expect(page.getByTestId('session-summary')).toContainText('Words practised');
});
