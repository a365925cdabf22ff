import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './support';

/**
 * A generated card before it is saved, on the server with the fake AI provider
 * (playwright.config.ts): Save, Edit before saving, Regenerate, Discard; a slow generation shows
 * the card's skeleton and can be cancelled; a failed one opens the hand-written form.
 */
const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';

// One fake provider serves the file: its tests run one after another.
test.describe.configure({ mode: 'default' });

function card(word: string, translation: string) {
  return {
    word,
    translation,
    ipa: 'ˈlu.na',
    grammarType: 'noun',
    cefrLevel: 'A1',
    mnemonic: `Picture a ${translation} in a hat.`,
    examples: [
      { target: `${word} brilla.`, translation: `The ${translation} shines.` },
      { target: `Veo ${word}.`, translation: `I see the ${translation}.` },
    ],
    synonyms: [],
    themes: ['Nature & Weather'],
    reading: null,
  };
}

async function queue(request: APIRequestContext, ...replies: Record<string, unknown>[]) {
  const response = await request.post(`${FAKE_AI}/__fake/replies`, { data: replies });
  expect(response.ok()).toBe(true);
}

async function cardRequests(request: APIRequestContext): Promise<number> {
  const received = (await (await request.get(`${FAKE_AI}/__fake/requests`)).json()) as {
    body?: { response_format?: { json_schema?: { name?: string } } };
  }[];
  return received.filter(
    (r) => (r.body?.response_format?.json_schema?.name ?? 'word_card') === 'word_card',
  ).length;
}

const wordInput = (page: Page) => page.getByPlaceholder('Type any word or phrase...');
const rows = (page: Page) => page.getByRole('list', { name: 'Words' }).getByRole('listitem');

async function generate(page: Page, word: string) {
  await wordInput(page).fill(word);
  await page.getByRole('button', { name: 'Generate Word Card' }).click();
}

test.beforeEach(async ({ page, request }) => {
  await request.delete(`${FAKE_AI}/__fake`);
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await expect(page.getByText('No words yet. Add your first word above!')).toBeVisible();
});

test('regenerate, edit before saving, then save the corrected card', async ({ page, request }) => {
  await queue(
    request,
    { kind: 'json', value: card('la luna', 'mon') },
    { kind: 'json', value: card('la luna', 'moon (night sky)') },
  );
  await generate(page, 'luna');
  const preview = page.getByRole('region', { name: 'la luna' });
  await expect(preview).toContainText('mon');
  await expect(page.getByRole('button', { name: 'Generate Word Card' })).toBeVisible();

  // Regenerate asks the provider again and shows the new card in place of the first.
  await preview.getByRole('button', { name: 'Regenerate' }).click();
  await expect(preview).toContainText('moon (night sky)');
  expect(await cardRequests(request)).toBe(2);

  // Edit opens the form with the card; Cancel goes back to the same card, unsaved.
  await preview.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Write a card' })).toBeVisible();
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Translation', { exact: true })).toHaveValue('moon (night sky)');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toContainText('moon (night sky)');

  await preview.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Translation', { exact: true }).fill('moon');
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(toast(page, 'Word saved! ✓')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('la luna');
  await expect(rows(page).first()).toContainText('moon');
  await expect(rows(page).first()).not.toContainText('night sky');

  // The AI's other fields were kept.
  await page.getByRole('link', { name: /la luna/ }).click();
  await expect(page.getByText('The moon (night sky) shines.')).toBeVisible();
});

test('Save keeps the card as shown; Discard drops it and saves nothing', async ({
  page,
  request,
}) => {
  await queue(request, { kind: 'json', value: card('el sol', 'sun') });
  await generate(page, 'sol');
  const preview = page.getByRole('region', { name: 'el sol' });
  await preview.getByRole('button', { name: 'Discard' }).click();
  await expect(preview).toBeHidden();
  await expect(wordInput(page)).toBeFocused();
  await expect(page.getByText('No words yet. Add your first word above!')).toBeVisible();

  await queue(request, { kind: 'json', value: card('el sol', 'sun') });
  await generate(page, 'sol');
  await page
    .getByRole('region', { name: 'el sol' })
    .getByRole('button', { name: 'Save Word' })
    .click();
  await expect(toast(page, 'Word saved! ✓')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('sun');
});

test('a slow generation shows the card’s skeleton, and Cancel stops it', async ({
  page,
  request,
}) => {
  await queue(request, {
    kind: 'delay',
    ms: 8_000,
    then: { kind: 'json', value: card('la estrella', 'star') },
  });
  await generate(page, 'estrella');
  const skeleton = page.getByRole('region', { name: 'Writing the card for “estrella”…' });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  await skeleton.getByRole('button', { name: 'Cancel' }).click();
  await expect(skeleton).toBeHidden();
  // The word stays, ready to try again or write by hand; no error is shown.
  await expect(wordInput(page)).toHaveValue('estrella');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  // A cancelled generation does not count against the minute's budget on the device.
  const stamps = await page.evaluate(() =>
    localStorage.getItem('verba-rate-limit-word-generation'),
  );
  expect(JSON.parse(stamps ?? '[]')).toEqual([]);

  // Asked again, the next answer is the card shown.
  await queue(request, { kind: 'json', value: card('la estrella', 'star') });
  await page.getByRole('button', { name: 'Generate Word Card' }).click();
  await expect(page.getByRole('region', { name: 'la estrella' })).toContainText('star');
});

test('a failed generation opens the hand-written form with the word, saying why', async ({
  page,
  request,
}) => {
  await queue(request, { kind: 'status', status: 500 });
  await generate(page, 'la nube');
  await expect(toast(page, 'Error')).toContainText('Failed to generate word data');
  await expect(page.getByRole('heading', { name: 'Write a card' })).toBeVisible();
  await expect(
    page.getByText(
      'Failed to generate word data The AI could not write this card. Write it yourself:',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveCount(1);
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveValue('la nube');
  await page.getByLabel('Translation', { exact: true }).fill('cloud');
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(toast(page, 'Word saved! ✓')).toBeVisible();
  await expect(rows(page).first()).toContainText('cloud');
});
