import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { IMPORT_PROBLEMS, IMPORT_TEXT, importSummary } from '@verba/shared';
import { signUpViaApi } from './support';

// An import works in the background of a server other tests keep busy too.
test.describe.configure({ timeout: 180_000 });

/** Screenshots for looking at the screen at phone size, light and dark. */
const SHOTS = process.env.E2E_SCREENSHOTS;

test('a pasted list is previewed, imported and summed up, and the skipped rows download', async ({
  page,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  const importLink = page.getByRole('link', { name: IMPORT_TEXT.button, exact: true });
  await expect(importLink).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/words-import-light.png` });
  await importLink.click();
  await expect(page.getByRole('heading', { name: IMPORT_TEXT.title })).toBeVisible();

  await page
    .getByLabel(IMPORT_TEXT.pasteLabel)
    .fill('el gato\tcat\nla casa\thouse\nEl Gato\tcat again\n\tno word\nel perro\tdog');
  const preview = page.getByRole('region', { name: IMPORT_TEXT.previewTitle });
  await expect(preview.getByText(IMPORT_PROBLEMS.earlierInFile)).toBeVisible();
  await expect(preview.getByText(IMPORT_PROBLEMS.emptyWord)).toBeVisible();
  await expect(page.getByLabel(IMPORT_TEXT.separatorLabel)).toContainText('Detected: Tab');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-preview-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-preview-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // Another separator reads the rows again: with no comma in them, each line is a word alone,
  // whose translation this server's AI provider will add (docs/decisions/058).
  await page.getByLabel(IMPORT_TEXT.separatorLabel).selectOption('comma');
  await expect(preview.getByText(IMPORT_TEXT.translationFromAi)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Import 5 words' })).toBeEnabled();
  await page.getByLabel(IMPORT_TEXT.separatorLabel).selectOption('auto');

  await page.getByRole('button', { name: 'Import 3 words' }).click();
  await expect(page.getByText(importSummary(3, 1, 1))).toBeVisible({ timeout: 60_000 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-summary-light.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: IMPORT_TEXT.downloadProblems }).click();
  const file = await readFile(await (await download).path());
  const text = file.toString('utf8');
  expect(text).toContain(`"El Gato","cat again","3","${IMPORT_PROBLEMS.earlierInFile}"`);
  expect(text).toContain(`"","no word","4","${IMPORT_PROBLEMS.emptyWord}"`);

  await page.getByRole('main').getByRole('link', { name: 'My Words' }).click();
  await expect(page.getByText('el perro', { exact: true })).toBeVisible();
  await expect(page.getByText('la casa', { exact: true })).toBeVisible();
});

test('a CSV file imports with its progress, which a reload finds again', async ({ page }) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await page.getByRole('link', { name: IMPORT_TEXT.button, exact: true }).click();
  await page.getByText(IMPORT_TEXT.sourceFile).click();
  const rows = 20_000;
  const csv = Array.from({ length: rows }, (_, i) => `palabra ${i},"word ${i}, the ${i}th"`).join(
    '\r\n',
  );
  await page.getByLabel(IMPORT_TEXT.fileLabel).setInputFiles({
    name: 'words.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByLabel(IMPORT_TEXT.separatorLabel)).toContainText('Detected: Comma (,)');
  await page.getByRole('button', { name: 'Import 20,000 words' }).click();
  const progress = page.getByRole('progressbar', { name: 'Import progress' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuemax', String(rows));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-progress-light.png` });
  await page.reload();
  const summary = page.getByText(importSummary(rows, 0, 0));
  await expect(
    page.getByRole('progressbar', { name: 'Import progress' }).or(summary),
  ).toBeVisible();
  await expect(summary).toBeVisible({ timeout: 120_000 });
});

test('an Anki package imports with the fields picked, its decks and its review history', async ({
  page,
}) => {
  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await page.getByRole('link', { name: IMPORT_TEXT.button, exact: true }).click();
  await page.getByText(IMPORT_TEXT.sourceAnki).click();
  await page.getByLabel(IMPORT_TEXT.ankiFileLabel).setInputFiles({
    name: 'spanish.apkg',
    mimeType: 'application/octet-stream',
    buffer: await readFile(
      new URL('../apps/api/src/modules/anki/fixtures/anki21b.apkg', import.meta.url),
    ),
  });
  const fields = page.getByRole('region', { name: IMPORT_TEXT.ankiFieldsTitle });
  const basic = fields.getByRole('group', { name: /^Basic \(1 note\)/ });
  await expect(basic.getByLabel('Word (Basic)')).toHaveValue('0');
  await expect(basic.getByLabel('Translation (Basic)')).toHaveValue('1');
  const preview = page.getByRole('region', { name: IMPORT_TEXT.previewTitle });
  await expect(preview.getByText('hola & adiós', { exact: true })).toBeVisible();
  await expect(preview).toContainText('1 sound ignored');
  await expect(preview).toContainText('Decks become groups: ThisIsSchema16');

  // The preview follows the fields picked: the back as the word, the front as its translation.
  await basic.getByLabel('Word (Basic)').selectOption('Back');
  await basic.getByLabel('Translation (Basic)').selectOption('Front');
  await expect(preview.getByText('hello goodbye', { exact: true })).toBeVisible();
  await expect(preview).toContainText('— hola & adiós');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-anki-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-anki-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await basic.getByLabel('Word (Basic)').selectOption('Front');
  await basic.getByLabel('Translation (Basic)').selectOption('Back');
  await expect(preview.getByText('hola & adiós', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Import 2 words' }).click();
  await expect(page.getByText(importSummary(2, 0, 0))).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('1 sound ignored')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-anki-summary-light.png` });

  await page.getByRole('main').getByRole('link', { name: 'My Words' }).click();
  await expect(page.getByText('gato', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /hola & adiós/ }).click();
  const history = page.getByTestId('word-history');
  await expect(history.getByRole('heading', { name: 'History' })).toBeVisible();
  // The header, then Anki's three answers.
  await expect(history.getByRole('row')).toHaveCount(4);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/import-anki-history-light.png`, fullPage: true });
});

test('a Verba backup imports at phone size; its words and groups are there to tap to', async ({
  page,
}) => {
  // Another learner's "Download my data", with a group of its two words.
  await signUpViaApi(page, { onboarded: true });
  const ids = [randomUUID(), randomUUID()];
  for (const [id, word, translation] of [
    [ids[0], 'el gato', 'cat'],
    [ids[1], 'la casa', 'house'],
  ] as const) {
    const saved = await page.request.post('/api/words', { data: { id, word, translation } });
    expect(saved.status()).toBe(201);
  }
  const exported = await page.request.get('/api/account/export');
  const backup = (await exported.json()) as { groups: unknown[] };
  backup.groups = [
    {
      id: randomUUID(),
      name: 'Around the house',
      createdAt: new Date().toISOString(),
      wordIds: ids,
    },
  ];

  await signUpViaApi(page, { onboarded: true });
  await page.goto('/app/words');
  await page.getByRole('link', { name: IMPORT_TEXT.button, exact: true }).click();
  await page.getByText(IMPORT_TEXT.sourceBackup).click();
  const file = {
    name: 'verba-data.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(backup)),
  };
  await page.getByLabel(IMPORT_TEXT.backupFileLabel).setInputFiles(file);
  const preview = page.getByRole('region', { name: IMPORT_TEXT.previewTitle });
  await expect(preview.getByText('el gato', { exact: true })).toBeVisible();
  await expect(preview.getByText('la casa', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/import-backup-light.png`, fullPage: true });
  await page.getByRole('button', { name: 'Import 2 words' }).click();
  await expect(page.getByText(importSummary(2, 0, 0))).toBeVisible({ timeout: 60_000 });

  await page.getByRole('main').getByRole('link', { name: 'My Words' }).click();
  await expect(page.getByText('el gato', { exact: true })).toBeVisible();
  await expect(page.getByText('la casa', { exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Groups' })
    .click();
  const group = page
    .getByRole('list', { name: 'Word groups' })
    .getByRole('link', { name: /Around the house/ });
  await expect(group).toContainText('2 words • 0 mastered');
  await group.click();
  const words = page.getByRole('list', { name: 'Words in Around the house' });
  await expect(words.getByRole('link')).toHaveText([/el gato/, /la casa/]);

  // The same backup again: its words are there already, so they are merged and nothing is added.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Words' }).click();
  await page.getByRole('link', { name: IMPORT_TEXT.button, exact: true }).click();
  await page.getByText(IMPORT_TEXT.sourceBackup).click();
  await page.getByLabel(IMPORT_TEXT.backupFileLabel).setInputFiles(file);
  await expect(preview.getByText(IMPORT_PROBLEMS.merged).first()).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 words' }).click();
  await expect(page.getByText(importSummary(0, 2, 0))).toBeVisible({ timeout: 60_000 });
});
