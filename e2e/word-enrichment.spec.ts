import { expect, test, type APIRequestContext } from '@playwright/test';
import { completingWordsText, IMPORT_TEXT, importSummary } from '@verba/shared';
import { signUpViaApi } from './support';

/**
 * Imported words completed by the AI in the background (docs/decisions/058), against the
 * production build and the fake provider (playwright.config.ts), whose answers the test queues.
 */
const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';

// An import and the AI's answers take their time on a server other tests keep busy too.
test.describe.configure({ timeout: 180_000 });

function card(word: string, translation: string) {
  return {
    word,
    translation,
    ipa: 'ma.ɾiˈpo.sa',
    grammarType: 'noun',
    cefrLevel: 'A2',
    mnemonic: `Picture a ${translation} over the sea.`,
    examples: [
      { target: `Veo ${word}.`, translation: `I see the ${translation}.` },
      { target: `Me gusta ${word}.`, translation: `I like the ${translation}.` },
    ],
    synonyms: [],
    themes: ['Nature & Weather'],
    reading: null,
  };
}

/**
 * The card the provider writes for an imported word, a while after it is asked (so My Words is
 * seen completing the words first). Only requests for that word's imported card take it.
 */
async function queueImportedCard(request: APIRequestContext, word: string, translation: string) {
  const reply = {
    kind: 'for',
    schema: 'imported_word_card',
    contains: `<word>${word}</word>`,
    reply: { kind: 'delay', ms: 15_000, then: { kind: 'json', value: card(word, translation) } },
  };
  const response = await request.post(`${FAKE_AI}/__fake/replies`, { data: [reply] });
  expect(response.ok()).toBe(true);
}

test('a pasted list of words alone is imported, then completed by the AI on My Words', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await queueImportedCard(request, 'la mariposa', 'butterfly');
  await queueImportedCard(request, 'el relámpago', 'lightning');
  await page.goto('/app/words');
  await page.getByRole('link', { name: IMPORT_TEXT.button, exact: true }).click();
  await page.getByLabel(IMPORT_TEXT.pasteLabel).fill('la mariposa\nel relámpago');
  // The preview says who writes the translations.
  const preview = page.getByRole('region', { name: IMPORT_TEXT.previewTitle });
  await expect(preview.getByText(IMPORT_TEXT.translationFromAi)).toHaveCount(2);
  await page.getByRole('button', { name: 'Import 2 words' }).click();
  await expect(page.getByText(importSummary(2, 0, 0))).toBeVisible({ timeout: 60_000 });

  await page.getByRole('main').getByRole('link', { name: 'My Words' }).click();
  const completing = page.getByText(completingWordsText(2));
  await expect(completing).toBeVisible();
  await expect(page.getByRole('link', { name: /^la mariposa/ })).toContainText(
    IMPORT_TEXT.translationComing,
  );
  // The AI's cards arrive over live updates, with no reload.
  await expect(page.getByRole('link', { name: /^la mariposa/ })).toContainText('butterfly', {
    timeout: 60_000,
  });
  await expect(page.getByRole('link', { name: /^el relámpago/ })).toContainText('lightning');
  await expect(completing).toBeHidden();
  await expect(page.getByText(/^Completing \d/)).toHaveCount(0);

  await page.getByRole('link', { name: /^la mariposa/ }).click();
  await expect(page.getByText('Picture a butterfly over the sea.')).toBeVisible();
});
