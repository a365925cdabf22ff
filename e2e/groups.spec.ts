import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './support';

/**
 * Word groups, suggestions and live updates against the production build and the fake
 * OpenAI-compatible provider (playwright.config.ts). Replies are queued for the schema they answer
 * ('word_groups', 'word_suggestions'), so background runs never take another request's reply.
 */
const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';

test.describe.configure({ mode: 'default' });

type Reply = Record<string, unknown>;

/**
 * Queues replies for requests asking for `schema` whose prompt contains `contains` (a word or id
 * of this test's learner), so no other test's request takes them.
 */
async function queue(
  request: APIRequestContext,
  schema: string,
  contains: string,
  ...replies: Reply[]
) {
  const response = await request.post(`${FAKE_AI}/__fake/replies`, {
    data: replies.map((reply) => ({ kind: 'for', schema, contains, reply })),
  });
  expect(response.ok()).toBe(true);
}

const json = (value: unknown): Reply => ({ kind: 'json', value });
const status = (code: number): Reply => ({ kind: 'status', status: code });

async function saveWord(page: Page, word: string, translation: string): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/words', { data: { id, word, translation } });
  expect(response.status()).toBe(201);
  return id;
}

function card(word: string, translation: string) {
  return {
    word,
    translation,
    ipa: 'el ˈpan',
    grammarType: 'noun',
    cefrLevel: 'A1',
    mnemonic: `Picture ${translation}.`,
    examples: [
      { target: `Quiero ${word}.`, translation: `I want ${translation}.` },
      { target: `Hay ${word}.`, translation: `There is ${translation}.` },
    ],
    synonyms: [],
    themes: ['Food & Dining'],
    reading: null,
  };
}

const suggestions = (...words: string[]) =>
  json({
    suggestions: words.map((word) => ({
      word,
      translation: `${word} (en)`,
      reason: `Useful for ordering food: ${word}.`,
    })),
  });

test.beforeEach(async ({ page }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected dialog: ${dialog.message()}`);
  });
});

test('three words become groups without a reload; a group lists its words and can be practised', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/groups');
  await expect(page.getByRole('heading', { name: 'My Word Groups', level: 1 })).toBeVisible();
  await expect(page.getByText('Automatically organized by AI')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Groups Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Visit My Words' })).toHaveAttribute(
    'href',
    '/app/words',
  );

  const ids = {
    manzana: randomUUID(),
    pan: randomUUID(),
    avion: randomUUID(),
  };
  await queue(
    request,
    'word_groups',
    ids.manzana,
    json({
      groups: [
        { name: 'Food & Dining', wordIds: [ids.manzana, ids.pan] },
        { name: 'Travel', wordIds: [ids.avion] },
      ],
    }),
  );
  for (const [word, id] of [
    ['la manzana', ids.manzana],
    ['el pan', ids.pan],
    ['el avión', ids.avion],
  ] as const) {
    const response = await page.request.post('/api/words', {
      data: { id, word, translation: word },
    });
    expect(response.status()).toBe(201);
  }

  // No reload: the live update brings the groups.
  const groups = page.getByRole('list', { name: 'Word groups' });
  await expect(groups.getByRole('link')).toHaveCount(2, { timeout: 15_000 });
  await expect(toast(page, 'Groups created! ✨')).toBeVisible();
  const food = groups.getByRole('link', { name: /Food & Dining/ });
  await expect(food).toContainText('2 words • 0 mastered');
  await expect(food.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(food).toContainText('0%');
  await expect(food.locator('[data-icon="Food & Dining"]')).toBeVisible();
  await expect(groups.getByRole('link', { name: /Travel/ })).toContainText('1 word • 0 mastered');

  await food.click();
  await expect(page.getByRole('heading', { name: 'Food & Dining', level: 1 })).toBeVisible();
  const words = page.getByRole('list', { name: 'Words in Food & Dining' });
  await expect(words.getByRole('link')).toHaveText([/el pan/, /la manzana/]);
  const practise = page.getByRole('link', { name: 'Practise this group' });
  const groupId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(practise).toHaveAttribute('href', `/app/practice/infinity?group=${groupId}`);
  await practise.click();
  // The round's session joins the address as soon as it starts, which may be before the check.
  await expect(page).toHaveURL(
    new RegExp(`/app/practice/infinity\\?group=${groupId}(&session=[0-9a-f-]+)?$`),
  );

  // The way back from a group's round leads to the group, during the round and after it.
  await expect(page.locator('[data-item-index]')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Group' }).click();
  await expect(page.getByRole('heading', { name: 'Food & Dining', level: 1 })).toBeVisible();
  await practise.click();
  // Two words, three items each: flashcards and spelling (a translation here is the word).
  for (let answered = 0; answered < 6; answered++) {
    const item = page.locator('[data-item-index]');
    await expect(item).toBeVisible();
    const index = (await item.getAttribute('data-item-index')) ?? '';
    if ((await item.getAttribute('data-item-type')) === 'flashcard') {
      await page.keyboard.press('Space');
      await page.keyboard.press('1');
    } else {
      const prompt = (await item.getByTestId('practice-prompt').innerText()).trim();
      await item.getByRole('textbox').fill(prompt);
      await page.keyboard.press('Enter');
    }
    await expect(page.locator(`[data-item-index="${index}"]`)).toHaveCount(0);
  }
  await expect(page.getByRole('heading', { name: 'Great Practice!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Group' }).last().click();
  await expect(page.getByRole('heading', { name: 'Food & Dining', level: 1 })).toBeVisible();
});

test('a deleted group comes back with Undo; without Undo it is gone and its words stay', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { onboarded: true });
  const ids = { manzana: randomUUID(), pan: randomUUID(), avion: randomUUID() };
  await queue(
    request,
    'word_groups',
    ids.manzana,
    json({
      groups: [
        { name: 'Food & Dining', wordIds: [ids.manzana, ids.pan] },
        { name: 'Travel', wordIds: [ids.avion] },
      ],
    }),
  );
  for (const [word, id] of [
    ['la manzana', ids.manzana],
    ['el pan', ids.pan],
    ['el avión', ids.avion],
  ] as const) {
    const response = await page.request.post('/api/words', {
      data: { id, word, translation: word },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/app/groups');
  const groups = page.getByRole('list', { name: 'Word groups' });
  await expect(groups.getByRole('link')).toHaveCount(2, { timeout: 15_000 });

  await groups.getByRole('link', { name: /Food & Dining/ }).click();
  await page.getByRole('button', { name: 'Delete group Food & Dining' }).click();
  await expect(page).toHaveURL(/\/app\/groups$/);
  const deleted = toast(page, 'Group deleted');
  await expect(deleted).toBeVisible();
  await expect(groups.getByRole('link')).toHaveText([/Travel/]);
  await deleted.getByRole('button', { name: 'Undo' }).click();
  await expect(groups.getByRole('link')).toHaveCount(2);
  const food = groups.getByRole('link', { name: /Food & Dining/ });
  await expect(food).toContainText('2 words • 0 mastered');

  await food.click();
  await page.getByRole('button', { name: 'Delete group Food & Dining' }).click();
  // This time the learner closes the toast instead of waiting it out (words.spec.ts waits).
  const again = toast(page, 'Group deleted');
  await again.getByRole('button', { name: 'Close toast' }).click();
  await expect(again).toBeHidden();
  await page.reload();
  await expect(groups.getByRole('link')).toHaveText([/Travel/]);
  // Its words stay in My Words.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Words' }).click();
  await expect(page.getByRole('list', { name: 'Words' }).getByRole('listitem')).toHaveCount(3);
});

test('a failed Generate keeps the groups and says so', async ({ page, request }) => {
  await signUpViaApi(page, { onboarded: true });
  const ids = [
    await saveWord(page, 'uno', 'one'),
    await saveWord(page, 'dos', 'two'),
    await saveWord(page, 'tres', 'three'),
  ];
  await queue(
    request,
    'word_groups',
    ids[0] ?? '',
    json({ groups: [{ name: 'Time & Numbers', wordIds: ids }] }),
  );
  await page.goto('/app/groups');
  const groups = page.getByRole('list', { name: 'Word groups' });
  await expect(groups.getByRole('link')).toHaveCount(1, { timeout: 15_000 });

  await queue(request, 'word_groups', ids[0] ?? '', status(500));
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toast(page, 'Could not create groups')).toContainText(
    'Please try again using the Generate button.',
  );
  await expect(groups.getByRole('link', { name: /Time & Numbers/ })).toContainText(
    '3 words • 0 mastered',
  );
});

test('a second tab sees a word saved in the first without reloading', async ({ context }) => {
  const first = await context.newPage();
  await signUpViaApi(first, { onboarded: true });
  const second = await context.newPage();
  // The second tab's live-update stream is open once its answer's headers arrived.
  const streaming = second.waitForResponse((r) => r.url().endsWith('/api/events'));
  await second.goto('/app/words');
  await expect(second.getByText('No words yet. Add your first word above!')).toBeVisible();
  expect((await streaming).status()).toBe(200);
  await first.goto('/app/profile');
  await saveWord(first, 'la ventana', 'window');
  await expect(second.getByRole('list', { name: 'Words' })).toContainText('la ventana', {
    timeout: 10_000,
  });
});

test('the groups screen says Not authenticated when its session is gone, and asks to sign in', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUpViaApi(page, { onboarded: true });
  // Another tab of the same learner, still signed in.
  const otherTab = await playwright.request.newContext({
    baseURL,
    storageState: await page.context().storageState(),
  });
  const streaming = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  // The words kept for offline practice are read once the page has painted; the cookie goes
  // after that read, or its 401 would be the one to find the session gone.
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/practice/offline-words'));
  await page.goto('/app/groups');
  await expect(page.getByText('No Groups Yet')).toBeVisible();
  expect((await streaming).status()).toBe(200);
  expect((await kept).status()).toBe(200);

  // This tab loses its cookie; the word saved in the other tab makes it read its groups again.
  await page.context().clearCookies();
  const saved = await otherTab.post('/api/words', {
    data: { id: randomUUID(), word: 'la llave', translation: 'key' },
  });
  expect(saved.status()).toBe(201);
  await expect(toast(page, 'Not authenticated')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await otherTab.dispose();
});

/** Answers the feed's session of one word right, by keyboard, up to its completion screen. */
async function finishDailySession(page: Page, word: string) {
  await page.goto('/app/feed');
  const card = page.locator('[data-item-index]');
  const done = page.getByRole('heading', { name: 'Session complete!' });
  await expect(card.or(done)).toBeVisible();
  while (!(await done.isVisible())) {
    await expect(card.or(done)).toBeVisible();
    if (await done.isVisible()) break;
    const index = await card.getAttribute('data-item-index');
    if ((await card.getAttribute('data-item-type')) === 'spelling') {
      await card.getByRole('textbox').fill(word);
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('Space');
      await page.keyboard.press('1');
    }
    // The answered card gives way to the next one, or to the completion screen.
    await expect(page.locator(`[data-item-index="${index}"]`)).toHaveCount(0);
  }
}

test('suggestions: skeletons, add one with its full card, refresh, and the error toasts', async ({
  page,
  request,
}) => {
  await signUpViaApi(page, { onboarded: true });
  // A word of this learner's own: every suggestion prompt lists it.
  const marker = `palabra-${randomUUID().slice(0, 8)}`;
  await saveWord(page, marker, 'marker');
  await queue(request, 'word_suggestions', marker, {
    kind: 'delay',
    ms: 1_500,
    then: suggestions('el pan', 'el queso', 'la leche', 'el agua'),
  });
  // The feed offers suggestions under its completion screen: practise the one word first.
  await finishDailySession(page, marker);
  await expect(page.getByRole('heading', { name: 'Discover New Words' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Loading suggestions' }).locator('li')).toHaveCount(
    4,
  );
  const list = page.getByRole('list', { name: 'Suggested words' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list).toContainText('Useful for ordering food: el queso.');

  // Add: the full card is written and saved, and the suggestion goes; with 3 left, the list is
  // refilled.
  await queue(request, 'word_card', '<word>el pan</word>', json(card('el pan', 'bread')));
  await queue(request, 'word_suggestions', marker, suggestions('la sopa'));
  await page.getByRole('button', { name: 'Add el pan' }).click();
  await expect(toast(page, 'Word added! ✨')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([
    /el queso/,
    /la leche/,
    /el agua/,
    /la sopa/,
  ]);
  const saved = (await (await page.request.get('/api/words')).json()) as {
    words: { word: string; mnemonic: string; examples: unknown[] }[];
  };
  expect(saved.words.find((w) => w.word === 'el pan')).toMatchObject({
    mnemonic: 'Picture bread.',
  });

  // Adding fails: nothing saved, the suggestion stays.
  await queue(request, 'word_card', '<word>el queso</word>', status(500));
  await page.getByRole('button', { name: 'Add el queso' }).click();
  await expect(toast(page, 'Error adding word')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(list).toContainText('el queso');

  const refresh = page.getByRole('button', { name: 'Refresh suggestions' });
  await queue(
    request,
    'word_suggestions',
    marker,
    suggestions('el vino', 'la sal', 'el café', 'el té'),
  );
  await refresh.click();
  await expect(toast(page, 'Refreshed!')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([/el vino/, /la sal/, /el café/, /el té/]);

  await queue(request, 'word_suggestions', marker, status(429));
  await refresh.click();
  await expect(toast(page, 'Rate limit reached')).toContainText(
    'Please try again in a few moments.',
  );

  await queue(request, 'word_suggestions', marker, status(402));
  await refresh.click();
  await expect(toast(page, 'AI usage limit reached')).toContainText(
    'Please add credits to continue using AI features.',
  );

  await queue(request, 'word_suggestions', marker, status(500));
  await refresh.click();
  await expect(toast(page, 'Refresh failed')).toContainText('Please try again.');
  // A failed refresh keeps the suggestions there were.
  await expect(list.getByRole('listitem')).toHaveCount(4);
});
