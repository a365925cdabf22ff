import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './support';

/**
 * Practice against the production build and its real API: the daily feed's session through
 * flashcard, quiz and spelling cards, by mouse and by keyboard; a reload in the middle; infinity
 * practice from start to 'Great Practice!'; the empty and error states.
 */

const WORDS = [
  { word: 'gato', translation: 'cat' },
  { word: 'perro', translation: 'dog' },
  { word: 'casa', translation: 'house' },
  { word: 'libro', translation: 'book' },
];

async function seedWords(page: Page, words = WORDS) {
  for (const w of words) {
    const response = await page.request.post('/api/words', { data: { id: randomUUID(), ...w } });
    expect(response.status()).toBe(201);
  }
}

const card = (page: Page) => page.locator('[data-item-index]');
const progress = (page: Page) => page.getByTestId('feed-progress');

type Input = 'mouse' | 'keyboard';

/** The seeded word a card asks about, from its prompt (a word or a translation). */
async function promptedWord(current: Locator) {
  const prompt = (await current.getByTestId('practice-prompt').innerText()).trim();
  const found = WORDS.find((w) => prompt.startsWith(w.word) || prompt === w.translation);
  if (!found) throw new Error(`No seeded word for the prompt "${prompt}"`);
  return found;
}

/**
 * Answers the card on screen, right unless `wrong`, and waits until the next card (or the end)
 * shows. Returns the item's type.
 */
async function answerCurrent(page: Page, input: Input, { wrong = false } = {}) {
  const current = card(page);
  await expect(current).toBeVisible();
  const index = await current.getAttribute('data-item-index');
  const type = await current.getAttribute('data-item-type');
  const word = await promptedWord(current);
  // Every card can say its word; a card that asks for the word keeps it out of the button's name.
  const asksForWord =
    (await current.getByTestId('practice-prompt').innerText()).trim() === word.translation;
  await expect(
    current.getByRole('button', {
      name: asksForWord ? 'Speak the word (Spanish)' : `Speak “${word.word}” (Spanish)`,
    }),
  ).toBeVisible();
  if (asksForWord) {
    await expect(current.getByRole('button', { name: new RegExp(word.word) })).toHaveCount(0);
  }

  if (type === 'flashcard') {
    const face = current.getByTestId('flashcard');
    await expect(face).toHaveAttribute('data-flipped', 'false');
    if (input === 'mouse') await face.click();
    else await page.keyboard.press('Space');
    await expect(face).toHaveAttribute('data-flipped', 'true');
    if (input === 'mouse') {
      await current.getByRole('button', { name: wrong ? "I didn't know" : 'I knew it' }).click();
    } else {
      await page.keyboard.press(wrong ? '2' : '1');
    }
  } else if (type === 'multiple-choice') {
    const options = current.getByRole('list').getByRole('button');
    await expect(options).toHaveCount(4);
    const texts = (await options.allInnerTexts()).map((t) => t.replace(/^\d\s*/, '').trim());
    const right = texts.findIndex((t) => t === word.translation);
    expect(right).toBeGreaterThanOrEqual(0);
    const pick = wrong ? (right + 1) % 4 : right;
    if (input === 'mouse') await options.nth(pick).click();
    else await page.keyboard.press(String(pick + 1));
  } else {
    const field = current.getByRole('textbox');
    const check = current.getByRole('button', { name: 'Check' });
    // An empty field cannot be submitted.
    await expect(check).toBeDisabled();
    await field.fill(wrong ? 'zzz' : word.word.toUpperCase() + '  ');
    if (input === 'mouse') await check.click();
    else await field.press('Enter');
  }

  if (wrong && type !== 'flashcard') {
    const expected = type === 'spelling' ? word.word : word.translation;
    await expect(page.getByTestId('answer-feedback')).toContainText(`The answer: ${expected}`);
    // The correction stays until the learner moves on, which is taken after 1,000 ms.
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeFocused();
    await expect(next).toHaveAttribute('data-ready', 'true');
    await expect(card(page)).toHaveAttribute('data-item-index', index ?? '');
    if (input === 'mouse') await next.click();
    else await page.keyboard.press('Enter');
  }
  // The next card, or the end of the session.
  await expect(card(page).and(page.locator(`[data-item-index="${index}"]`))).toHaveCount(0);
  return type ?? '';
}

/** Answers cards rightly until one of `type` shows. */
async function answerUntil(page: Page, type: string) {
  await expect(card(page)).toBeVisible();
  while ((await card(page).getAttribute('data-item-type')) !== type) {
    await answerCurrent(page, 'keyboard');
  }
}

async function onboardedLearner(page: Page, words = WORDS) {
  await signUpViaApi(page, { onboarded: true });
  if (words.length > 0) await seedWords(page, words);
}

test.describe('daily practice', () => {
  test('a learner completes a session by mouse and keyboard, resumes after a reload, then is caught up', async ({
    page,
  }) => {
    // Sixteen answers and a reload: longer than the default on a busy machine.
    test.setTimeout(120_000);
    await onboardedLearner(page);
    await page.goto('/app/feed');

    // Words are due: the session starts by itself. 4 words → 4 items each.
    await expect(card(page)).toBeVisible();
    await expect(progress(page)).toHaveText('0 / 16');

    const seen = new Set<string>();
    let answered = 0;
    const inputs: Input[] = ['mouse', 'keyboard'];
    // The first five items, alternating mouse and keyboard.
    for (; answered < 5; answered++) {
      seen.add(await answerCurrent(page, inputs[answered % 2]!));
    }
    await expect(progress(page)).toHaveText('5 / 16');

    // A reload in the middle resumes the same item.
    const before = await card(page).getAttribute('data-item-index');
    const promptBefore = (await card(page).getByTestId('practice-prompt').textContent()) ?? '';
    await page.reload();
    await expect(card(page)).toHaveAttribute('data-item-index', before ?? '');
    await expect(card(page).getByTestId('practice-prompt')).toHaveText(promptBefore);
    await expect(progress(page)).toHaveText('5 / 16');

    // The rest, by mouse and keyboard, with one wrong spelling that shows the right word.
    let wrongSpelling = false;
    for (; answered < 16; answered++) {
      const type = await card(page).getAttribute('data-item-type');
      const wrong = type === 'spelling' && !wrongSpelling;
      if (wrong) wrongSpelling = true;
      seen.add(await answerCurrent(page, inputs[answered % 2]!, { wrong }));
    }
    expect([...seen].sort()).toEqual(['flashcard', 'multiple-choice', 'spelling']);

    // The completion screen and its toast.
    await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();
    await expect(toast(page, 'Session complete! 🎉')).toBeVisible();
    const summary = page.getByTestId('session-summary');
    await expect(summary).toContainText('Words practised');
    await expect(summary).toContainText('4');
    await expect(summary).toContainText('Accuracy');
    await expect(summary).toContainText('94%');
    await expect(summary).toContainText('Time spent');
    await expect(summary).toContainText('Current streak');
    await expect(summary).toContainText('1 day');
    await expect(page.getByRole('link', { name: 'Infinity Practice' })).toBeVisible();

    // Nothing is due any more: a new practice says so.
    await page.getByRole('button', { name: 'Start New Practice' }).click();
    await expect(toast(page, 'All done! 🎉')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: /All caught up!|Quick Review Available/ }),
    ).toBeVisible();

    // And so does the feed on a fresh load, with the way on to infinity practice.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All caught up!' })).toBeVisible();
    await page.getByRole('link', { name: 'Infinity Practice' }).click();
    await expect(page).toHaveURL(/\/app\/practice\/infinity/);
  });

  test('a learner with no words is invited to add one', async ({ page }) => {
    await onboardedLearner(page, []);
    await page.goto('/app/feed');
    await expect(page.getByRole('heading', { name: "Let's start learning!" })).toBeVisible();
    await page.getByRole('link', { name: 'Add Your First Word' }).click();
    await expect(page).toHaveURL(/\/app\/words$/);
  });

  test('a feed that cannot load offers to check the words or retry', async ({ page }) => {
    await onboardedLearner(page);
    await page.route('**/api/practice/feed', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
    );
    await page.goto('/app/feed');
    await expect(page.getByRole('heading', { name: 'Session Generation Failed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Check My Words' })).toHaveAttribute(
      'href',
      '/app/words',
    );
    await page.unroute('**/api/practice/feed');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(card(page)).toBeVisible();
    await expect(progress(page)).toHaveText('0 / 16');
  });

  test('a session that cannot start shows the error toast, and Retry starts it', async ({
    page,
  }) => {
    await onboardedLearner(page);
    await page.route('**/api/practice/sessions', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } })
        : route.continue(),
    );
    await page.goto('/app/feed');
    await expect(toast(page, 'Session Generation Error')).toContainText(
      'Unable to generate practice items. Please try again.',
    );
    await expect(page.getByRole('heading', { name: 'Session Generation Failed' })).toBeVisible();
    await page.unroute('**/api/practice/sessions');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(card(page)).toBeVisible();
  });

  test('quiz and spelling cards lock after one answer', async ({ page }) => {
    test.setTimeout(90_000);
    await onboardedLearner(page);
    await page.goto('/app/feed');
    await answerUntil(page, 'multiple-choice');

    // Each answer is held on its way to the server until the card has been checked.
    let sent = 0;
    let release = () => {};
    const hold = () =>
      page.route('**/api/practice/sessions/*/answers', async (route) => {
        sent += 1;
        await new Promise<void>((resolve) => (release = resolve));
        await route.continue();
      });
    await hold();

    const quiz = await card(page).getAttribute('data-item-index');
    const { translation } = await promptedWord(card(page));
    const options = card(page).getByRole('list').getByRole('button');
    const texts = (await options.allInnerTexts()).map((t) => t.replace(/^\d\s*/, '').trim());
    const right = texts.indexOf(translation);
    const other = (right + 1) % 4;
    await options.nth(right).click();
    await expect(options.nth(right)).toHaveAttribute('aria-pressed', 'true');
    for (let i = 0; i < 4; i++) await expect(options.nth(i)).toBeDisabled();
    await page.keyboard.press(String(other + 1));
    await expect.poll(() => sent).toBe(1);
    await expect(options.nth(other)).toHaveAttribute('aria-pressed', 'false');
    release();
    // A right answer moves on by itself.
    await expect(card(page)).not.toHaveAttribute('data-item-index', quiz ?? '');
    expect(sent).toBe(1);

    await page.unroute('**/api/practice/sessions/*/answers');
    await answerUntil(page, 'spelling');
    await hold();
    const spelling = await card(page).getAttribute('data-item-index');
    const { word } = await promptedWord(card(page));
    const field = card(page).getByRole('textbox');
    await field.fill(word);
    await field.press('Enter');
    await expect(field).toHaveAttribute('readonly', '');
    await expect(card(page).getByRole('button', { name: 'Check' })).toBeDisabled();
    await field.press('Enter');
    await expect.poll(() => sent).toBe(2);
    release();
    await expect(card(page)).not.toHaveAttribute('data-item-index', spelling ?? '');
    expect(sent).toBe(2);
  });

  test("a wrong answer's correction stays until the learner moves on; a right one moves on by itself", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await onboardedLearner(page);
    await page.goto('/app/feed');
    await answerUntil(page, 'multiple-choice');

    const quiz = await card(page).getAttribute('data-item-index');
    const { translation } = await promptedWord(card(page));
    const options = card(page).getByRole('list').getByRole('button');
    const texts = (await options.allInnerTexts()).map((t) => t.replace(/^\d\s*/, '').trim());
    const wrong = (texts.indexOf(translation) + 1) % 4;
    await page.keyboard.press(String(wrong + 1));
    const feedback = page.getByTestId('answer-feedback');
    await expect(feedback).toContainText(`The answer: ${translation}`);
    const next = page.getByRole('button', { name: 'Continue' });
    await expect(next).toBeFocused();
    // Well past the spec's 1,000 ms the correction is still there, the right option marked.
    await expect(next).toHaveAttribute('data-ready', 'true');
    await page.waitForTimeout(1_500);
    await expect(card(page)).toHaveAttribute('data-item-index', quiz ?? '');
    await expect(feedback).toBeVisible();
    await expect(options.nth(texts.indexOf(translation))).toContainText(translation);
    await expect(card(page).getByLabel('Correct answer')).toBeVisible();
    // Space moves on.
    await page.keyboard.press('Space');
    await expect(card(page)).not.toHaveAttribute('data-item-index', quiz ?? '');
    await expect(next).toHaveCount(0);

    // A wrong spelling: Enter checks it, and Enter again (once taken) moves on.
    await answerUntil(page, 'spelling');
    const spelling = await card(page).getAttribute('data-item-index');
    const { word } = await promptedWord(card(page));
    await card(page).getByRole('textbox').fill(`${word}x`);
    await page.keyboard.press('Enter');
    await expect(feedback).toContainText(`The answer: ${word}`);
    await expect(next).toHaveAttribute('data-ready', 'true');
    await expect(card(page)).toHaveAttribute('data-item-index', spelling ?? '');
    await page.keyboard.press('Enter');
    await expect(card(page)).not.toHaveAttribute('data-item-index', spelling ?? '');

    // A right answer shows its result and moves on with no key pressed.
    await answerCurrent(page, 'mouse');
    await expect(next).toHaveCount(0);
  });

  test('Undo takes back a flashcard grade: the counter and the card come back', async ({
    page,
  }) => {
    await onboardedLearner(page);
    await page.goto('/app/feed');
    await expect(progress(page)).toHaveText('0 / 16');
    const first = await card(page).getAttribute('data-item-index');
    const prompt = await card(page).getByTestId('practice-prompt').innerText();
    const undo = page.getByRole('button', { name: 'Undo last answer' });
    await expect(undo).toHaveCount(0);

    // A slip: "I didn't know" instead of "I knew it".
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: "I didn't know" }).click();
    await expect(progress(page)).toHaveText('1 / 16');
    await expect(card(page)).not.toHaveAttribute('data-item-index', first ?? '');

    await undo.click();
    await expect(progress(page)).toHaveText('0 / 16');
    await expect(card(page)).toHaveAttribute('data-item-index', first ?? '');
    await expect(card(page).getByTestId('practice-prompt')).toHaveText(prompt);
    await expect(card(page).getByTestId('flashcard')).toHaveAttribute('data-flipped', 'false');
    await expect(undo).toHaveCount(0);

    // Graded again, the card counts once, as known.
    await answerCurrent(page, 'keyboard');
    await expect(progress(page)).toHaveText('1 / 16');
    await expect(undo).toBeVisible();
    const feed = (await (await page.request.get('/api/practice/feed')).json()) as {
      session: { items: { index: number; completed: boolean; correct: boolean | null }[] };
    };
    expect(feed.session.items.filter((i) => i.completed)).toEqual([
      expect.objectContaining({ index: Number(first), correct: true }),
    ]);
  });

  test("Undo on the completion screen takes back the session's last answer: its item is back, and the profile counts the session once", async ({
    page,
  }) => {
    await onboardedLearner(page, WORDS.slice(0, 1));
    await page.goto('/app/feed');
    await expect(card(page)).toBeVisible();
    const total = Number((await progress(page).innerText()).split('/')[1]);
    for (let i = 0; i < total - 1; i++) await answerCurrent(page, 'keyboard');
    await expect(progress(page)).toHaveText(`${total - 1} / ${total}`);
    const last = await card(page).getAttribute('data-item-index');
    const prompt = await card(page).getByTestId('practice-prompt').innerText();
    await answerCurrent(page, 'mouse');

    const complete = page.getByRole('heading', { name: 'Session complete!' });
    await expect(complete).toBeVisible();
    await expect(toast(page, 'Session complete! 🎉')).toBeVisible();
    await expect(page.getByTestId('session-summary')).toContainText('1 day');
    await page.getByRole('button', { name: 'Undo last answer' }).click();

    // The session is open again on its last item; the completion and its toast are gone.
    await expect(card(page)).toHaveAttribute('data-item-index', last ?? '');
    await expect(card(page).getByTestId('practice-prompt')).toHaveText(prompt);
    await expect(progress(page)).toHaveText(`${total - 1} / ${total}`);
    await expect(complete).toHaveCount(0);
    await expect(toast(page, 'Session complete! 🎉')).toHaveCount(0);

    // The profile no longer counts the session.
    const tab = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
    const studyMinutes = async () =>
      ((await (await page.request.get('/api/profile')).json()) as { totalStudyTime: number })
        .totalStudyTime;
    await tab('Profile').click();
    await expect(page.getByTestId('stat-streak-value')).toHaveText('0');
    expect(await studyMinutes()).toBe(0);

    // Back on the feed, the last item is waiting; answered, the session completes once more.
    await tab('Feed').click();
    await expect(card(page)).toHaveAttribute('data-item-index', last ?? '');
    await answerCurrent(page, 'keyboard');
    await expect(complete).toBeVisible();
    await expect(page.getByTestId('session-summary')).toContainText('1 day');
    await tab('Profile').click();
    await expect(page.getByTestId('stat-streak-value')).toHaveText('1');
    await expect(page.getByTestId('stat-streak-detail')).toHaveText('day');
    // One session of a few seconds: one minute of study time, counted once.
    expect(await studyMinutes()).toBe(1);
  });

  test('the completion screen lists the words missed, each opening its card', async ({ page }) => {
    await onboardedLearner(page, WORDS.slice(0, 2));
    await page.goto('/app/feed');
    // Two words, three items each; every item of 'perro' answered wrongly.
    await expect(progress(page)).toHaveText('0 / 6');
    for (let i = 0; i < 6; i++) {
      const { word } = await promptedWord(card(page));
      await answerCurrent(page, i % 2 === 0 ? 'mouse' : 'keyboard', { wrong: word === 'perro' });
    }
    await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();
    const missed = page.getByTestId('missed-words');
    await expect(missed.getByRole('link')).toHaveCount(1);
    await expect(missed.getByRole('link')).toContainText('perro');
    await missed.getByRole('link', { name: /perro/ }).click();
    await expect(page).toHaveURL(/\/app\/words\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { name: 'perro' })).toBeVisible();
  });

  test('an item answered in another tab moves this one on to the next item', async ({ page }) => {
    await onboardedLearner(page);
    await page.goto('/app/feed');
    await expect(card(page)).toHaveAttribute('data-item-index', '0');

    // The same learner answers the first item elsewhere.
    const feed = (await (await page.request.get('/api/practice/feed')).json()) as {
      session: { id: string };
    };
    const elsewhere = await page.request.post(`/api/practice/sessions/${feed.session.id}/answers`, {
      data: {
        id: randomUUID(),
        itemIndex: 0,
        answer: { type: 'flashcard', knew: true },
        responseTimeMs: 1200,
      },
    });
    expect(elsewhere.status()).toBe(200);

    // This tab's answer is refused; the session reopens where the server has it.
    await page.keyboard.press('Space');
    await page.keyboard.press('1');
    await expect(card(page)).toHaveAttribute('data-item-index', '1');
    await expect(progress(page)).toHaveText('1 / 16');
  });

  test('a word added within the hour after a session is offered as a quick review', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await onboardedLearner(page, WORDS.slice(0, 1));
    await page.goto('/app/feed');
    // One word: two items, then the completion screen.
    await expect(progress(page)).toHaveText('0 / 2');
    await answerCurrent(page, 'keyboard');
    await answerCurrent(page, 'keyboard');
    await expect(page.getByRole('heading', { name: 'Session complete!' })).toBeVisible();

    // A new word is due at once; the last session ended moments ago.
    await seedWords(page, WORDS.slice(1, 2));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Quick Review Available' })).toBeVisible();
    await expect(page.getByText('1 word is due again')).toBeVisible();
    await page.getByRole('button', { name: 'Start Quick Review' }).click();
    await expect(card(page)).toBeVisible();
    await expect(progress(page)).toHaveText('0 / 2');
    await expect(card(page).getByTestId('practice-prompt')).toContainText(/perro|dog/);
  });

  test("a word that becomes mastered says so with a 'Word Mastered' toast", async ({ page }) => {
    await onboardedLearner(page);
    // Mastery takes months of reviews; the server's answer is amended to report one.
    await page.route('**/api/practice/sessions/*/answers', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { masteredWords: unknown[] };
      body.masteredWords = [{ id: randomUUID(), word: 'gato' }];
      await route.fulfill({ response, json: body });
    });
    await page.goto('/app/feed');
    await answerCurrent(page, 'mouse');
    await expect(toast(page, 'Word Mastered')).toContainText('gato');
  });

  test('moving to My Words warms the practice session', async ({ page }) => {
    await onboardedLearner(page);
    await page.goto('/app/profile');
    await expect(page.getByRole('link', { name: 'Words' })).toBeVisible();
    const feedRequest = page.waitForRequest('**/api/practice/feed');
    await page.getByRole('link', { name: 'Words' }).click();
    await feedRequest;
  });
});

test.describe('infinity practice', () => {
  test('a round goes from the first word to Great Practice!, and again', async ({ page }) => {
    test.setTimeout(120_000);
    await onboardedLearner(page);
    await page.goto('/app/practice/infinity');
    await expect(page.getByRole('link', { name: 'Back to Feed' })).toBeVisible();
    await expect(page.getByTestId('infinity-word-counter')).toHaveText(/^Word 1 \/ 4$/);
    await expect(page.getByTestId('infinity-item-counter')).toHaveText('(0 / 16 items)');

    for (let answered = 0; answered < 16; answered++) {
      if (answered === 3) {
        // A reload keeps the round and its place.
        const before = await card(page).getAttribute('data-item-index');
        await page.reload();
        await expect(card(page)).toHaveAttribute('data-item-index', before ?? '');
        await expect(page.getByTestId('infinity-item-counter')).toHaveText('(3 / 16 items)');
      }
      await answerCurrent(page, answered % 2 === 0 ? 'keyboard' : 'mouse');
    }

    await expect(page.getByRole('heading', { name: 'Great Practice!' })).toBeVisible();
    await expect(page.getByTestId('session-summary')).toContainText('100%');
    await page.getByRole('button', { name: 'Practice Again' }).click();
    await expect(page.getByTestId('infinity-item-counter')).toHaveText('(0 / 16 items)');
    await page.getByRole('link', { name: 'Back to Feed' }).click();
    await expect(page).toHaveURL(/\/app\/feed$/);
  });

  test("Undo on 'Great Practice!' brings the round's last item back", async ({ page }) => {
    await onboardedLearner(page, WORDS.slice(0, 1));
    await page.goto('/app/practice/infinity');
    const counter = page.getByTestId('infinity-item-counter');
    await expect(counter).toHaveText(/^\(0 \/ \d+ items\)$/);
    const total = Number(/\/ (\d+)/.exec(await counter.innerText())![1]);
    for (let i = 0; i < total - 1; i++) await answerCurrent(page, 'keyboard');
    const last = await card(page).getAttribute('data-item-index');
    await answerCurrent(page, 'mouse');

    const great = page.getByRole('heading', { name: 'Great Practice!' });
    await expect(great).toBeVisible();
    await page.getByRole('button', { name: 'Undo last answer' }).click();
    await expect(card(page)).toHaveAttribute('data-item-index', last ?? '');
    await expect(counter).toHaveText(`(${total - 1} / ${total} items)`);
    await expect(great).toHaveCount(0);

    await answerCurrent(page, 'keyboard');
    await expect(great).toBeVisible();
    await expect(page.getByTestId('session-summary')).toContainText('1 day');
  });

  test('a learner with no words is sent to add some', async ({ page }) => {
    await onboardedLearner(page, []);
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/practice/sessions')) {
        starts.push(request.url());
      }
    });
    await page.goto('/app/practice/infinity');
    await expect(page.getByRole('heading', { name: 'No Words Available' })).toBeVisible();
    // Known from the profile: no round is asked for.
    expect(starts).toEqual([]);
    await page.getByRole('link', { name: 'Go to My Words' }).click();
    await expect(page).toHaveURL(/\/app\/words$/);
  });

  test('a round the server has no words for (an empty group) says so', async ({ page }) => {
    await onboardedLearner(page);
    await page.route('**/api/practice/sessions', (route) =>
      route.fulfill({ status: 409, json: { error: { code: 'CONFLICT', message: 'No words' } } }),
    );
    await page.goto(`/app/practice/infinity?group=${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'No Words Available' })).toBeVisible();
  });

  test('words that cannot load show the error, and Retry loads them', async ({ page }) => {
    await onboardedLearner(page);
    await page.route('**/api/practice/sessions', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }),
    );
    await page.goto('/app/practice/infinity');
    await expect(toast(page, 'Error loading words')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Error loading words' })).toBeVisible();
    await page.unroute('**/api/practice/sessions');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('infinity-item-counter')).toHaveText('(0 / 16 items)');
  });

  test('an anonymous visitor is sent to sign in', async ({ page }) => {
    await page.goto('/app/practice/infinity');
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});
