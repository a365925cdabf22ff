import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './support';

/**
 * My Words against the production build: the main server talks to a fake OpenAI-compatible
 * provider (playwright.config.ts), whose answers each test queues over HTTP.
 */
const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';
const NO_AI = process.env.E2E_NO_AI_URL ?? '';

// One fake provider serves the whole file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

type Reply = Record<string, unknown>;

function card(word: string, translation: string, extra: Reply = {}) {
  return {
    word,
    translation,
    ipa: 'ˈɡa.to',
    grammarType: 'noun',
    cefrLevel: 'A1',
    mnemonic: `Picture a ${translation} in a hat.`,
    examples: [
      { target: `El ${word} duerme.`, translation: `The ${translation} sleeps.` },
      { target: `Tengo un ${word}.`, translation: `I have a ${translation}.` },
      { target: `Un tercer ejemplo con ${word}.`, translation: 'A third example.' },
    ],
    synonyms: ['el minino'],
    themes: ['Animals'],
    reading: null,
    ...extra,
  };
}

async function queueReplies(request: APIRequestContext, ...replies: Reply[]) {
  const response = await request.post(`${FAKE_AI}/__fake/replies`, { data: replies });
  expect(response.ok()).toBe(true);
}

async function resetFake(request: APIRequestContext) {
  await request.delete(`${FAKE_AI}/__fake`);
}

/** Card requests the provider received (the feed's suggestions ask it for other things). */
async function providerRequests(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${FAKE_AI}/__fake/requests`);
  const received = (await response.json()) as {
    body?: { response_format?: { json_schema?: { name?: string } } };
  }[];
  return received.filter(
    (r) => (r.body?.response_format?.json_schema?.name ?? 'word_card') === 'word_card',
  ).length;
}

/** Saves hand-written cards through the API (quick seeding). */
async function seedWords(page: Page, words: { word: string; translation: string }[]) {
  for (let i = 0; i < words.length; i += 10) {
    await Promise.all(
      words.slice(i, i + 10).map(async (w) => {
        const response = await page.request.post('/api/words', {
          data: { id: randomUUID(), ...w },
        });
        expect(response.status()).toBe(201);
      }),
    );
  }
}

async function savedWordCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/words?limit=1');
  return ((await response.json()) as { collection: { words: number } }).collection.words;
}

const wordInput = (page: Page) => page.getByPlaceholder('Type any word or phrase...');
const generateButton = (page: Page) => page.getByRole('button', { name: 'Generate Word Card' });
const rows = (page: Page) => page.getByRole('list', { name: 'Words' }).getByRole('listitem');
const count = (page: Page) => page.getByTestId('collection-count');

async function generate(page: Page, word: string) {
  await wordInput(page).fill(word);
  await wordInput(page).press('Enter');
}

test.beforeEach(async ({ page }) => {
  // No test may open a dialog: text from users or the AI is never run as markup.
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
});

test('generate a card, save it, and find it in the collection after a reload', async ({
  page,
  request,
}) => {
  await resetFake(request);
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await expect(page.getByRole('heading', { name: 'My Words', level: 1 })).toBeVisible();
  await expect(page.getByText('No words yet. Add your first word above!')).toBeVisible();
  await expect(generateButton(page)).toBeDisabled();
  await wordInput(page).fill('   ');
  await expect(generateButton(page)).toBeDisabled();

  await queueReplies(request, { kind: 'json', value: card('el gato', 'cat') });
  await generate(page, 'gato');
  const generated = page.getByRole('region', { name: 'el gato' });
  await expect(generated).toBeVisible();
  await expect(generated.getByText('/ˈɡa.to/')).toBeVisible();
  await expect(generated.getByText(/^cat\s*· noun$/)).toBeVisible();
  await expect(generated.getByText('A1')).toBeVisible();
  await expect(generated.getByText('el minino')).toBeVisible();
  await expect(generated.getByText('Remember:')).toBeVisible();
  await expect(generated.getByText('Picture a cat in a hat.')).toBeVisible();
  await expect(generated.getByText('El el gato duerme.')).toBeVisible();
  await expect(generated.getByText('I have a cat.')).toBeVisible();
  // Only the first 2 examples.
  await expect(generated.getByText('A third example.')).toHaveCount(0);
  await expect(generated.getByRole('listitem').filter({ hasText: 'Animals' })).toBeVisible();
  await expect(generated.getByRole('button', { name: 'Speak el gato' })).toBeVisible();
  expect(await savedWordCount(page)).toBe(0);

  // A double tap saves once: the button is disabled while saving, and the id is the card's.
  await generated.getByRole('button', { name: 'Save Word' }).dblclick();
  await expect(toast(page, 'Word saved! ✓')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('el gato');
  await expect(rows(page).first()).toContainText('cat');
  await expect(rows(page).first()).toContainText('/ˈɡa.to/');
  await expect(count(page)).toHaveText('1 word • 0 mastered');
  expect(await savedWordCount(page)).toBe(1);
  await expect(generated).toBeHidden();
  await expect(wordInput(page)).toHaveValue('');

  await queueReplies(request, { kind: 'json', value: card('el perro', 'dog') });
  await generate(page, 'perro');
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(count(page)).toHaveText('2 words • 0 mastered');
  await expect(rows(page).first()).toContainText('el perro');

  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(count(page)).toHaveText('2 words • 0 mastered');
});

test('a provider failure shows its message and saves nothing', async ({ page, request }) => {
  await resetFake(request);
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');

  // Each failure says why, and opens the hand-written form with the word; Cancel leaves it.
  const form = page.getByRole('heading', { name: 'Write a card' });
  await queueReplies(request, { kind: 'status', status: 429 });
  await generate(page, 'gato');
  await expect(toast(page, 'Rate limit reached')).toContainText(
    'Please try again in a few moments.',
  );
  await expect(form).toBeVisible();
  await expect(
    page.getByText('Rate limit reached The AI could not write this card. Write it yourself:'),
  ).toBeVisible();
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveValue('gato');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await queueReplies(request, { kind: 'status', status: 402 });
  await generate(page, 'perro');
  await expect(toast(page, 'AI usage limit reached')).toBeVisible();
  await expect(page.getByLabel('Word or phrase', { exact: true })).toHaveValue('perro');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await queueReplies(request, { kind: 'status', status: 500 });
  await generate(page, 'pato');
  await expect(
    toast(page, 'Error').filter({ hasText: 'Failed to generate word data' }),
  ).toBeVisible();
  await expect(page.getByText(/^Failed to generate word data The AI could not/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(form).toBeHidden();
  await expect(page.getByText('No words yet. Add your first word above!')).toBeVisible();
  expect(await savedWordCount(page)).toBe(0);
});

test("the device's own limit says 'Slow down!' without asking the server", async ({
  page,
  request,
}) => {
  await resetFake(request);
  await signUpViaApi(page, { onboarded: true });
  // Ten generations in the last minute, as the limiter stores them.
  await page.addInitScript(() => {
    const now = Date.now();
    localStorage.setItem(
      'verba-rate-limit-word-generation',
      JSON.stringify(Array.from({ length: 10 }, (_, i) => now - 5_000 + i)),
    );
  });
  await page.goto('/app/words');
  await generate(page, 'gato');
  await expect(toast(page, 'Slow down!')).toContainText(
    /Please wait \d+ seconds before generating more words\./,
  );
  expect(await providerRequests(request)).toBe(0);
});

test('words from users and the AI are shown as text, never run as markup', async ({
  page,
  request,
}) => {
  await resetFake(request);
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  const markup = '<img src=x onerror=alert(1)>';
  await queueReplies(request, {
    kind: 'json',
    value: card(markup, '<b>bold</b>', { mnemonic: '<script>alert(2)</script>' }),
  });
  await generate(page, markup);
  await expect(page.getByRole('heading', { name: markup })).toBeVisible();
  await expect(page.getByText('<script>alert(2)</script>')).toBeVisible();
  await page.getByRole('button', { name: 'Save Word' }).click();
  await expect(rows(page).first()).toContainText(markup);
  await expect(rows(page).first()).toContainText('<b>bold</b>');
  await expect(page.locator('main img, main b, main script')).toHaveCount(0);
});

test('a word already in the collection is refused with a link to its card', async ({
  page,
  request,
}) => {
  await resetFake(request);
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [{ word: 'el gato', translation: 'cat' }]);
  await page.goto('/app/words');

  // Asked again: refused before any AI call.
  await generate(page, 'EL GATO');
  await expect(page.getByRole('alert')).toContainText('This word is already in your collection');
  expect(await providerRequests(request)).toBe(0);

  // The AI turns another spelling into the same word: refused on save.
  await queueReplies(request, { kind: 'json', value: card('el gato', 'cat') });
  await generate(page, 'gatito');
  await page.getByRole('button', { name: 'Save Word' }).click();
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('This word is already in your collection');
  expect(await savedWordCount(page)).toBe(1);

  await notice.getByRole('link', { name: 'Open the card' }).click();
  await expect(page).toHaveURL(/\/app\/words\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'el gato' })).toBeVisible();
});

test('search, filter, sort and infinite scroll over 60 words', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  const seeded = Array.from({ length: 60 }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return { word: `palabra-${n}`, translation: `word ${n}` };
  });
  await seedWords(page, seeded);
  await page.goto('/app/words');

  await expect(count(page)).toHaveText('60 words • 0 mastered');
  await expect(rows(page)).toHaveCount(50);
  await rows(page).nth(49).scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(60);

  const search = page.getByPlaceholder('Search words...');
  await search.fill('WORD 05');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('word 05');
  await search.fill('no such thing');
  await expect(page.getByText('No words found matching your filters')).toBeVisible();
  // Back to the whole list, as loaded before.
  await search.fill('');
  await expect(rows(page)).toHaveCount(60);

  await page.getByRole('combobox', { name: 'Sort words' }).selectOption({ label: 'A-Z' });
  await expect(rows(page).first()).toContainText('palabra-001');
  await page.getByRole('combobox', { name: 'Sort words' }).selectOption({ label: 'Recent' });
  await expect(rows(page).first()).not.toContainText('palabra-001');

  await page.getByRole('combobox', { name: 'Filter words' }).selectOption({ label: 'Mastered' });
  await expect(page.getByText('No words found matching your filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter words' }).selectOption({ label: 'Learning' });
  await expect(rows(page)).toHaveCount(50);
  await expect(count(page)).toHaveText('60 words • 0 mastered');
});

test('favorite, open, edit and delete a word', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [
    { word: 'la casa', translation: 'house' },
    { word: 'el libro', translation: 'book' },
  ]);
  await page.goto('/app/words');
  await expect(rows(page)).toHaveCount(2);

  const favorite = page.getByRole('button', { name: 'Add la casa to favorites' });
  await favorite.click();
  await expect(page.getByRole('button', { name: 'Remove la casa from favorites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('combobox', { name: 'Filter words' }).selectOption({ label: 'Favorites' });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('la casa');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove la casa from favorites' })).toBeVisible();

  // Open the whole card; the deep link survives a reload.
  await page.getByRole('link', { name: /la casa/ }).click();
  await expect(page).toHaveURL(/\/app\/words\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'la casa' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Translation', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please add a translation')).toBeVisible();
  await page.getByLabel('Translation', { exact: true }).fill('home');
  await page.getByLabel('Memory aid').fill('Home is where the casa is.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Card updated')).toBeVisible();
  const card = page.getByRole('region', { name: 'Word card' });
  await expect(card.getByText('home', { exact: true })).toBeVisible();
  await expect(page.getByText('Home is where the casa is.')).toBeVisible();

  await page.getByRole('link', { name: 'Back to My Words' }).click();
  await expect(rows(page).filter({ hasText: 'la casa' })).toContainText('home');

  await page.getByRole('button', { name: 'Delete el libro' }).click();
  await expect(toast(page, 'Word deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(count(page)).toHaveText('1 word • 0 mastered');
  expect(await savedWordCount(page)).toBe(1);
});

test('Undo brings a deleted word back as it was; without Undo it is gone for good', async ({
  page,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [
    { word: 'la casa', translation: 'house' },
    { word: 'el libro', translation: 'book' },
  ]);
  await page.goto('/app/words');
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Add el libro to favorites' }).click();
  await expect(page.getByRole('button', { name: 'Remove el libro from favorites' })).toBeVisible();
  const before = await (await page.request.get('/api/words?limit=10')).json();

  await page.getByRole('button', { name: 'Delete el libro' }).click();
  const deleted = toast(page, 'Word deleted');
  await expect(deleted).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(count(page)).toHaveText('1 word • 0 mastered');
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(count(page)).toHaveText('2 words • 0 mastered');
  // Back with its card, its favorite mark and its schedule.
  await expect(page.getByRole('button', { name: 'Remove el libro from favorites' })).toBeVisible();
  expect(await (await page.request.get('/api/words?limit=10')).json()).toEqual(before);

  // From its card this time; the toast goes, and with it the word.
  await page.getByRole('link', { name: /la casa/ }).click();
  const card = page.getByRole('region', { name: 'Word card' });
  await expect(card.getByRole('heading', { name: 'la casa' })).toBeVisible();
  await card.getByRole('button', { name: 'Delete la casa' }).click();
  await expect(page).toHaveURL(/\/app\/words$/);
  await expect(toast(page, 'Word deleted')).toBeVisible();
  await expect(toast(page, 'Word deleted')).toBeHidden({ timeout: 15_000 });
  await page.reload();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('el libro');
  await expect(count(page)).toHaveText('1 word • 0 mastered');
});

test('a word or group link that cannot name one shows the not-found page', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  for (const path of ['/app/words/not-a-uuid', '/app/groups/123', '/app/words/%3Cscript%3E']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page not found/);
    await expect(page.getByText(/invalid/i)).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toHaveCount(0);
});

test('a word unmarked in the Favorites list leaves it at once', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [
    { word: 'la casa', translation: 'house' },
    { word: 'el libro', translation: 'book' },
  ]);
  await page.goto('/app/words');
  await page.getByRole('button', { name: 'Add la casa to favorites' }).click();
  await page.getByRole('button', { name: 'Add el libro to favorites' }).click();
  await page.getByRole('combobox', { name: 'Filter words' }).selectOption({ label: 'Favorites' });
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove la casa from favorites' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('el libro');
  await expect(count(page)).toHaveText('2 words • 0 mastered');
});

test('favorite and delete come back when the server refuses', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [{ word: 'el sol', translation: 'sun' }]);
  await page.goto('/app/words');
  await expect(rows(page)).toHaveCount(1);
  await page.route('**/api/words/*', (route) =>
    ['PATCH', 'DELETE'].includes(route.request().method())
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'INTERNAL_ERROR', message: 'Boom', requestId: 'x' },
          }),
        })
      : route.continue(),
  );

  await page.getByRole('button', { name: 'Add el sol to favorites' }).click();
  await expect(toast(page, 'Error')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add el sol to favorites' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await page.getByRole('button', { name: 'Delete el sol' }).click();
  await expect(toast(page, 'Error deleting word')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(count(page)).toHaveText('1 word • 0 mastered');
});

test.describe('on a server without an AI provider', () => {
  test.use({ baseURL: NO_AI });

  test('Groups says grouping needs a provider, without an error for a run nobody asked for', async ({
    page,
  }) => {
    await signUpViaApi(page, { onboarded: true });
    await seedWords(page, [
      { word: 'la casa', translation: 'house' },
      { word: 'el perro', translation: 'dog' },
      { word: 'el libro', translation: 'book' },
    ]);
    await page.goto('/app/groups');
    await expect(
      page.getByText(
        'Groups are made by an AI provider, and this server has none. All your words are in My Words.',
      ),
    ).toBeVisible();
    await expect(page.getByText('AI is not configured on this server')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    // Nothing offers what the server cannot do.
    await expect(page.getByRole('button', { name: 'Generate' })).toHaveCount(0);
    // The same after a reload.
    await page.reload();
    await expect(page.getByText(/this server has none/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toHaveCount(0);
  });
});

test('moving to the feed prefetches the first 20 words', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [{ word: 'el árbol', translation: 'tree' }]);
  await page.goto('/app/profile');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const prefetch = page.waitForRequest(
    (r) => r.url().includes('/api/words?') && new URL(r.url()).searchParams.get('limit') === '20',
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feed' }).click();
  await prefetch;

  // My Words then opens with those words, without asking for the first page again.
  let asked = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/words?') && r.url().includes('offset=0')) asked = true;
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Words' }).click();
  await expect(rows(page)).toHaveCount(1);
  expect(asked).toBe(false);
});

test("the speak button says the word in the learner's target language at rate 0.9", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const spoken: { text: string; lang: string; rate: number }[] = [];
    (window as unknown as { spoken: typeof spoken }).spoken = spoken;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        cancel: () => {},
        getVoices: () => [],
        speak: (u: SpeechSynthesisUtterance) =>
          spoken.push({ text: u.text, lang: u.lang, rate: u.rate }),
      },
    });
  });
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [{ word: 'el tren', translation: 'train' }]);
  await page.goto('/app/words');
  await page.getByRole('button', { name: 'Speak el tren' }).click();
  const spoken = await page.evaluate(
    () => (window as unknown as { spoken: { text: string; lang: string; rate: number }[] }).spoken,
  );
  expect(spoken.map(({ text, lang }) => ({ text, lang }))).toEqual([
    { text: 'el tren', lang: 'es' },
  ]);
  // The browser keeps the rate as a 32-bit float.
  expect(spoken[0]?.rate).toBeCloseTo(0.9, 5);
});

test('without speech synthesis the speak button says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: undefined });
  });
  await signUpViaApi(page, { onboarded: true });
  await seedWords(page, [{ word: 'el tren', translation: 'train' }]);
  await page.goto('/app/words');
  await page.getByRole('button', { name: 'Speak el tren' }).click();
  await expect(toast(page, 'Text-to-speech not supported')).toContainText(
    "Your browser doesn't support text-to-speech",
  );
});
