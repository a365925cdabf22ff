import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contrast, expectAccessible, luminance, signUpViaApi, toast } from './support';

/**
 * Every screen at phone and desktop widths, light and dark, checked by axe: a serious or critical
 * violation fails. Each screen also has exactly one h1. Then the desktop layout (side navigation,
 * a word's card beside the list) and the checks axe cannot make: touch target sizes, keyboard
 * scrolling of wide tables, and the success toast's contrast.
 */

const FAKE_AI = process.env.E2E_FAKE_AI_URL ?? '';

const SIZES = {
  phone: { viewport: { width: 412, height: 915 } },
  desktop: {
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  },
} as const;
const SCHEMES = ['light', 'dark'] as const;

const tab = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });

const wordRows = (page: Page) => page.getByRole('list', { name: 'Words' }).getByRole('link');

/** Saves a hand-written card; groups form by themselves from three words (the fake provider's reply). */
async function saveWord(page: Page, id: string, word: string, translation: string) {
  const response = await page.request.post('/api/words', { data: { id, word, translation } });
  expect(response.status()).toBe(201);
}

/** The fake provider's grouping of this learner's words, keyed by one of their ids. */
async function queueGroups(request: APIRequestContext, key: string, groups: unknown) {
  const response = await request.post(`${FAKE_AI}/__fake/replies`, {
    data: [
      {
        kind: 'for',
        schema: 'word_groups',
        contains: key,
        reply: { kind: 'json', value: { groups } },
      },
    ],
  });
  expect(response.ok()).toBe(true);
}

/** A learner with three words, grouped by the fake provider into 'Food & Dining'. */
async function learnerWithWords(page: Page, request: APIRequestContext) {
  await signUpViaApi(page, { onboarded: true });
  const ids = [randomUUID(), randomUUID(), randomUUID()] as const;
  await queueGroups(request, ids[0], [{ name: 'Food & Dining', wordIds: [...ids] }]);
  await saveWord(page, ids[0], 'la manzana', 'the apple');
  await saveWord(page, ids[1], 'el pan', 'the bread');
  await saveWord(page, ids[2], 'el queso', 'the cheese');
}

for (const [size, device] of Object.entries(SIZES)) {
  for (const scheme of SCHEMES) {
    test.describe(`axe at ${size} size, ${scheme}`, () => {
      // Transitions off, so colours are checked at rest rather than halfway through a fade.
      test.use({ ...device, colorScheme: scheme, reducedMotion: 'reduce' });
      // Each test runs axe on four to six screens: longer than the default on a busy machine.
      test.beforeEach(() => test.setTimeout(120_000));

      test('landing, sign in, sign up, how we measured and 404', async ({ page }) => {
        await page.goto('/');
        await expect(page.getByText('Just vocabulary, nothing disturbing.').first()).toBeVisible();
        await expectAccessible(page, 'landing');

        await page.getByRole('link', { name: 'Sign In' }).first().click();
        await expect(page.getByLabel('Password')).toBeVisible();
        await expectAccessible(page, 'sign in');

        await page.getByRole('link', { name: 'Sign up' }).click();
        await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
        await expectAccessible(page, 'sign up');

        await page.goto('/how-we-measured');
        await expect(page.locator('.doc table').first()).toBeVisible();
        await expectAccessible(page, 'how we measured');

        await page.goto('/no/such/page');
        await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
        await expectAccessible(page, '404');
      });

      test('each onboarding step, and the language picker open', async ({ page }) => {
        await signUpViaApi(page);
        await page.goto('/onboarding');
        const step = page.getByRole('main').getByRole('heading', { level: 1 });
        await expect(step).toBeVisible();
        await expectAccessible(page, 'onboarding welcome');

        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(step).toHaveText('Choose your languages');
        await expectAccessible(page, 'onboarding languages');

        await page.getByRole('combobox', { name: 'I want to learn' }).click();
        await expect(page.getByRole('listbox')).toBeVisible();
        // What the open picker hides from screen readers must not take keyboard focus either.
        const focusableHidden = await page.evaluate(
          () =>
            document.querySelectorAll(
              '[aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex]):not([tabindex="-1"]):not([disabled]):not([inert] *)',
            ).length,
        );
        expect(focusableHidden).toBe(0);
        // A list box is scrolled by the arrow keys that move through its options (shown below),
        // never by Tab, so axe's rule for scrolling boxes reached by Tab does not apply to it.
        await expectAccessible(page, 'onboarding language picker', {
          pageBehind: false,
          disabledRules: ['scrollable-region-focusable'],
        });
        await page.keyboard.press('End');
        await expect(page.getByRole('option').last()).toBeFocused();
        await expect(page.getByRole('option').last()).toBeInViewport();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toBeHidden();
        // The page behind is given back, and the focus returns to the picker.
        await expect(page.getByRole('combobox', { name: 'I want to learn' })).toBeFocused();

        for (const name of ['demo word', 'grouping', 'smart feed']) {
          await page.getByRole('button', { name: /Continue/ }).click();
          await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
          await expectAccessible(page, `onboarding ${name}`);
        }
        await expect(page.getByRole('button', { name: 'Start Learning' })).toBeVisible();
      });

      test('the four tabs before any word', async ({ page }) => {
        await signUpViaApi(page, { onboarded: true });
        await page.goto('/app/feed');
        await expect(page.getByRole('heading', { name: "Let's start learning!" })).toBeVisible();
        // The suggestions have come (their Refresh is enabled again), so the feed stands still.
        await expect(page.getByRole('button', { name: 'Refresh suggestions' })).toBeEnabled();
        await expectAccessible(page, 'feed, no words');

        await tab(page, 'Words').click();
        await expect(page.getByText('No words yet. Add your first word above!')).toBeVisible();
        await expectAccessible(page, 'words, empty');

        await page.getByRole('link', { name: 'Import', exact: true }).click();
        await page.getByLabel('Paste words').fill('el gato\tcat\n\tno word');
        await expect(page.getByText('The word is empty')).toBeVisible();
        await expectAccessible(page, 'import words, preview');

        await tab(page, 'Groups').click();
        await expect(page.getByRole('heading', { name: 'No Groups Yet' })).toBeVisible();
        await expectAccessible(page, 'groups, empty');

        await tab(page, 'Profile').click();
        await expect(page.getByRole('radio', { name: 'Dark' })).toBeVisible();
        await expectAccessible(page, 'profile');

        await page.getByRole('link', { name: /See your progress/ }).click();
        await expect(page.getByRole('heading', { name: 'Memory' })).toBeVisible();
        await expectAccessible(page, 'progress, no words');
      });

      test('feed, words, a word card, groups, a group and infinity practice', async ({
        page,
        request,
      }) => {
        await learnerWithWords(page, request);
        await page.goto('/app/feed');
        await expect(page.locator('[data-item-index]')).toBeVisible();
        await expectAccessible(page, 'feed, in a session');

        await tab(page, 'Words').click();
        await expect(wordRows(page)).toHaveCount(3);
        await expectAccessible(page, 'words');

        await wordRows(page).filter({ hasText: 'el pan' }).click();
        await expect(page.getByRole('heading', { name: 'el pan', level: 2 })).toBeVisible();
        await expectAccessible(page, 'word card');

        await tab(page, 'Groups').click();
        const group = page.getByRole('list', { name: 'Word groups' }).getByRole('link');
        await expect(group).toHaveCount(1, { timeout: 15_000 });
        await expectAccessible(page, 'groups');

        await group.click();
        await expect(page.getByRole('heading', { name: 'Food & Dining', level: 1 })).toBeVisible();
        await expectAccessible(page, 'a group');

        await page.getByRole('link', { name: 'Practise this group' }).click();
        await expect(page.locator('[data-item-index]')).toBeVisible();
        await expectAccessible(page, 'infinity practice');
      });
    });
  }
}

test.describe('desktop layout', () => {
  test.use({ ...SIZES.desktop, reducedMotion: 'reduce' });

  test('the tabs are a side navigation at 1280 px, not a bottom bar', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/feed');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(tab(page, 'Feed')).toHaveAttribute('aria-current', 'page');
    // The frame painted before the app's code (route-skeleton.tsx) is replaced by the app's own:
    // measure the navigation once it stands.
    await expect.poll(() => nav.boundingBox()).toMatchObject({ x: 0, y: 0, height: 800 });
    const side = await nav.boundingBox();
    expect(side!.width).toBeLessThan(300);
    // The page's content starts right of the navigation, and uses more than a phone's width.
    const main = await page.getByRole('main').boundingBox();
    expect(main!.x).toBeGreaterThanOrEqual(side!.width);
    expect(main!.width).toBeGreaterThan(600);
    // The four tabs are stacked, one under the other.
    const boxes = await Promise.all(
      ['Feed', 'Words', 'Groups', 'Profile'].map((name) => tab(page, name).boundingBox()),
    );
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.y).toBeGreaterThan(boxes[i - 1]!.y);

    await tab(page, 'Profile').click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(tab(page, 'Profile')).toHaveAttribute('aria-current', 'page');
    expect(await nav.boundingBox()).toMatchObject({ x: 0, y: 0, height: 800 });
  });

  test("tapping a word shows its card beside the list; another word's replaces it", async ({
    page,
  }) => {
    await signUpViaApi(page, { onboarded: true });
    await saveWord(page, randomUUID(), 'el gato', 'the cat');
    await saveWord(page, randomUUID(), 'el perro', 'the dog');
    await page.goto('/app/words');
    const list = page.getByRole('list', { name: 'Words' });
    await expect(wordRows(page)).toHaveCount(2);
    const card = page.getByRole('region', { name: 'Word card' });
    await expect(card).toContainText('Choose a word to see its card here.');

    await wordRows(page).filter({ hasText: 'el gato' }).click();
    await expect(card.getByRole('heading', { name: 'el gato', level: 2 })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/words\/[0-9a-f-]+$/);
    // Side by side: the list stays in view at the left, the card at its right.
    await expect(list).toBeVisible();
    const listBox = (await list.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
    expect(cardBox.y).toBeLessThan(listBox.y + listBox.height);
    await expect(wordRows(page).filter({ hasText: 'el gato' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Beside the list no link back to it is needed.
    await expect(page.getByRole('link', { name: 'Back to My Words' })).toBeHidden();

    await wordRows(page).filter({ hasText: 'el perro' }).click();
    await expect(card.getByRole('heading', { name: 'el perro', level: 2 })).toBeVisible();
    await expect(card.getByRole('heading', { name: 'el gato' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Words');
  });
});

test.describe('phone layout', () => {
  test.use({ ...SIZES.phone, reducedMotion: 'reduce' });

  test('the tabs are a bottom bar, and a word card takes the list’s place', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await saveWord(page, randomUUID(), 'el gato', 'the cat');
    await page.goto('/app/words');
    await expect(wordRows(page)).toHaveCount(1);
    const bar = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
    expect(bar.x).toBe(0);
    expect(bar.width).toBe(412);
    expect(bar.y + bar.height).toBe(915);

    await wordRows(page).filter({ hasText: 'el gato' }).click();
    await expect(page.getByRole('heading', { name: 'el gato', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Words' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Words');
    await page.getByRole('link', { name: 'Back to My Words' }).click();
    await expect(wordRows(page)).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Word card' })).toBeHidden();
  });

  test('theme choices and switches are at least 44 px each way', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await page.goto('/app/profile');
    // The settings are drawn after the first screenful. Haptics and the Anki export's reverse card
    // (the analytics switch, the same component, shows only on a server with analytics set up,
    // which this one is not).
    await expect(page.getByRole('switch')).toHaveCount(2);
    const targets = [
      ...(await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio').all()),
      ...(await page.getByRole('switch').all()),
    ];
    expect(targets).toHaveLength(5);
    for (const target of targets) {
      const box = (await target.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  });

  test('the wide tables of "How we measured" scroll by keyboard', async ({ page }) => {
    await page.goto('/how-we-measured');
    const tables = page.getByRole('region', { name: /\(table\)$/ });
    await expect(tables.first()).toBeVisible();
    // The first table wider than a phone.
    const widths = await tables.evaluateAll((all) =>
      all.map((el) => el.scrollWidth > el.clientWidth),
    );
    const wide = tables.nth(widths.indexOf(true));
    // Tab through the page to it, then scroll it with the arrow key.
    for (let presses = 0; presses < 60; presses++) {
      await page.keyboard.press('Tab');
      if (await wide.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(wide).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => wide.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  test('the success toast’s text meets AA contrast, light and dark', async ({ page }) => {
    await signUpViaApi(page, { onboarded: true });
    await saveWord(page, randomUUID(), 'el gato', 'the cat');
    await page.goto('/app/words');
    for (const theme of ['Light', 'Dark']) {
      await tab(page, 'Profile').click();
      await page.getByRole('radio', { name: theme }).click();
      await tab(page, 'Words').click();
      await wordRows(page).filter({ hasText: 'el gato' }).click();
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const shown = toast(page, 'Card updated');
      await expect(shown).toBeVisible();
      const title = shown.locator('[data-title]');
      const ratio = contrast(await luminance(title, 'color'), await luminance(shown));
      expect(ratio, `${theme}: success toast text`).toBeGreaterThanOrEqual(4.5);
      await shown.getByRole('button', { name: /close/i }).click();
      await expect(shown).toBeHidden();
    }
  });
});
