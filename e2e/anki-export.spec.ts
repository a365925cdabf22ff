import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { readAnkiPackage } from '../apps/api/src/modules/anki/package';
import { signUpViaApi } from './support';

async function seedWords(page: Page, words: [string, string][]) {
  for (const [word, translation] of words) {
    const response = await page.request.post('/api/words', {
      data: { id: randomUUID(), word, translation },
    });
    expect(response.status()).toBe(201);
  }
}

async function openAccountSettings(page: Page) {
  await page.goto('/app/words');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

async function downloaded(page: Page, button: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 412, height: 915 }],
] as const) {
  test(`Export to Anki downloads a package the reader opens (${size})`, async ({ page }) => {
    // Four downloads, each read back: more than the default budget on a busy machine.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUpViaApi(page, { onboarded: true });
    await seedWords(page, [
      ['el gato', 'cat'],
      ['la casa', 'house'],
    ]);
    await openAccountSettings(page);

    const apkg = await downloaded(page, 'Export to Anki (.apkg)');
    expect(apkg.name).toMatch(/^verba-words-\d{4}-\d{2}-\d{2}\.apkg$/);
    const pkg = await readAnkiPackage(new Uint8Array(apkg.bytes));
    expect(pkg.notes.map((n) => [n.fields[0], n.fields[1]])).toEqual([
      ['el gato', 'cat'],
      ['la casa', 'house'],
    ]);
    expect(pkg.notes.map((n) => n.cards.length)).toEqual([1, 1]);

    // With the reverse card switched on, each word has two cards.
    await page.getByRole('switch', { name: 'Add a reverse card (translation → word)' }).click();
    const reverse = await downloaded(page, 'Export to Anki (.apkg)');
    const withReverse = await readAnkiPackage(new Uint8Array(reverse.bytes));
    expect(withReverse.notes.map((n) => n.cards.length)).toEqual([2, 2]);

    const csv = await downloaded(page, 'Export as CSV');
    expect(csv.name).toMatch(/\.csv$/);
    const lines = csv.bytes.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('#separator:comma');
    expect(lines.filter((l) => !l.startsWith('#')).map((l) => l.split(',').slice(0, 2))).toEqual([
      ['el gato', 'cat'],
      ['la casa', 'house'],
    ]);
    const tsv = await downloaded(page, 'Export as TSV');
    expect(tsv.bytes.toString('utf8').split('\r\n')[0]).toBe('#separator:tab');

    await page.getByRole('button', { name: 'Export to Anki (.apkg)' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/anki-export-${size}-light.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `test-results/anki-export-${size}-dark.png` });
  });
}
