import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './support';

/**
 * The Progress screen as a learner reaches it: from the profile, after practising. Today's
 * calendar cell names the reviews just made, the forecast moves the practised word off today,
 * and the word's card shows its history. At phone size, in light and dark.
 */

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

/** The browser's local day, as the server counts it in the zone the browser sends. */
const browserToday = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-CA'));

async function openProgress(page: Page) {
  await tab(page, 'Profile').click();
  await page.getByRole('link', { name: /See your progress/ }).click();
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review calendar' })).toBeVisible();
}

/** Answers the one-word session's cards rightly: a flashcard, then the spelling. */
async function practiseOneWord(page: Page) {
  const card = page.locator('[data-item-index]');
  for (let i = 0; i < 2; i++) {
    await expect(card).toBeVisible();
    const index = await card.getAttribute('data-item-index');
    const type = await card.getAttribute('data-item-type');
    if (type === 'flashcard') {
      await card.getByTestId('flashcard').click();
      await card.getByRole('button', { name: 'I knew it' }).click();
    } else if (type === 'spelling') {
      await card.getByRole('textbox').fill('gato');
      await card.getByRole('button', { name: 'Check' }).click();
    } else {
      throw new Error(`unexpected card ${type}`);
    }
    await expect(card.and(page.locator(`[data-item-index="${index}"]`))).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`progress at phone size, ${scheme}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
    // A practice session and three screens: longer than the default on a busy machine.
    test.beforeEach(() => test.setTimeout(120_000));

    test("today's reviews reach the calendar, the forecast and the word's history", async ({
      page,
    }) => {
      await signUpViaApi(page, { onboarded: true });
      const id = randomUUID();
      const saved = await page.request.post('/api/words', {
        data: { id, word: 'gato', translation: 'cat' },
      });
      expect(saved.status()).toBe(201);
      await page.goto('/app/feed');
      const today = await browserToday(page);

      await openProgress(page);
      const forecast = page.getByTestId('progress-forecast-answer');
      await expect(forecast).toHaveText('1 word due today, 0 words in the next 7 days.');
      await expect(page.getByRole('button', { name: `No reviews on ${today}` })).toBeVisible();

      await tab(page, 'Feed').click();
      await practiseOneWord(page);

      await openProgress(page);
      const cell = page.getByRole('button', { name: `2 reviews on ${today}` });
      await expect(cell).toBeVisible();
      await expect(cell).toHaveAttribute('aria-current', 'date');
      await expect(page.getByTestId('calendar-day-detail')).toContainText(
        `2 reviews on ${today} · 2 right · 1 minute of study`,
      );
      // The practised word is due on a later day now.
      await expect(forecast).toHaveText(/^0 words due today, /);
      await expect(page.getByTestId('progress-current-streak')).toHaveText('1 day');
      await expect(page.getByTestId('progress-collection-answer')).toHaveText(
        '0 of 1 word mastered, 0 not practised yet.',
      );
      await page.screenshot({ path: `test-results/progress-phone-${scheme}.png`, fullPage: true });

      // A day is chosen by tapping it, or with the arrow keys from there.
      await cell.focus();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByTestId('calendar-day-detail')).toContainText('No reviews on');

      await tab(page, 'Words').click();
      await page.getByRole('list', { name: 'Words' }).getByRole('link').first().click();
      const history = page.getByTestId('word-history');
      await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
      const rows = history.getByRole('row');
      // The header, then the spelling and the flashcard, newest first.
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(1)).toContainText('Spelling');
      await expect(rows.nth(1)).toContainText('Right');
      await expect(rows.nth(2)).toContainText('Flashcard');
      await expect(history.getByText('Recall today')).toBeVisible();
      await page.screenshot({
        path: `test-results/word-history-phone-${scheme}.png`,
        fullPage: true,
      });
    });
  });
}
