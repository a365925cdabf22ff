import { readFileSync } from 'node:fs';
import { schema } from '@verba/db';
import {
  ANKI_BAD_FIELDS,
  ANKI_TEXT,
  IMPORT_PROBLEMS,
  IMPORT_TEXT,
  type ImportJob,
  type ImportPreview,
} from '@verba/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { readAnkiPackage } from '../anki/package.ts';
import { ankiRows } from '../anki/rows.ts';
import { sqlite } from '../anki/sqlite.ts';
import { importsSettled } from './imports.service.ts';

const now = new Date('2026-11-20T10:00:00Z');
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ clock: () => now });
});
afterAll(() => t.close());

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../anki/fixtures/${name}`, import.meta.url)));

function upload(
  user: TestUser,
  path: '/api/imports' | '/api/imports/preview',
  body: Uint8Array,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams({ source: 'anki', ...query }).toString();
  return t.request(`${path}?${search}`, {
    method: 'POST',
    cookie: user.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
}

async function preview(user: TestUser, body: Uint8Array, query: Record<string, string> = {}) {
  const response = await upload(user, '/api/imports/preview', body, query);
  expect(response.status).toBe(200);
  return (await response.json()) as ImportPreview;
}

async function importAll(user: TestUser, body: Uint8Array, query: Record<string, string> = {}) {
  const response = await upload(user, '/api/imports', body, query);
  expect(response.status).toBe(202);
  const started = (await response.json()) as ImportJob;
  await importsSettled();
  const read = await t.request(`/api/imports/${started.id}`, { cookie: user.cookie });
  expect(read.status).toBe(200);
  return (await read.json()) as ImportJob;
}

async function wordOf(user: TestUser, word: string) {
  const [row] = await t.db
    .select()
    .from(schema.words)
    .where(eq(schema.words.userId, user.id))
    .then((rows) => rows.filter((r) => r.word === word));
  return row;
}

async function reviewsOf(wordId: string) {
  return t.db
    .select()
    .from(schema.reviewLog)
    .where(eq(schema.reviewLog.wordId, wordId))
    .orderBy(asc(schema.reviewLog.reviewedAt));
}

async function countOf(user: TestUser) {
  const [words] = await t.db
    .select({ n: count() })
    .from(schema.words)
    .where(eq(schema.words.userId, user.id));
  const [jobs] = await t.db
    .select({ n: count() })
    .from(schema.importJobs)
    .where(eq(schema.importJobs.userId, user.id));
  return { words: words!.n, jobs: jobs!.n };
}

describe('Anki packages in the import screen', () => {
  it('imports an .apkg end to end: text, decks as groups, review history and schedule', async () => {
    const user = await t.signUp();
    const shown = await preview(user, fixture('anki21b.apkg'));
    expect(shown).toMatchObject({ total: 2, valid: 2, duplicates: 0, problems: 0 });
    expect(shown.rows.map((r) => [r.word, r.translation])).toEqual([
      ['hola & adiós', 'hello goodbye'],
      ['gato', 'cat (animal)'],
    ]);
    const basic = shown.anki!.noteTypes.find((type) => type.name === 'Basic')!;
    expect(basic.fields).toEqual(['Front', 'Back']);
    expect(shown.anki!.noteTypes.reduce((sum, type) => sum + type.notes, 0)).toBe(2);
    expect(basic.mapping).toMatchObject({ word: 0, translation: 1 });
    expect(shown.anki).toMatchObject({ sounds: 1, images: 0, unreadableHistory: 0 });
    expect(shown.anki!.decks).toContain('ThisIsSchema16');
    // Nothing is saved by a preview.
    expect(await countOf(user)).toEqual({ words: 0, jobs: 0 });

    const job = await importAll(user, fixture('anki21b.apkg'), { fileName: 'spanish.apkg' });
    expect(job).toMatchObject({ status: 'done', source: 'anki', imported: 2, duplicates: 0 });
    expect(job.anki).toEqual({ sounds: 1, images: 0, unreadableHistory: 0 });

    const hola = (await wordOf(user, 'hola & adiós'))!;
    expect(hola.translation).toBe('hello goodbye');
    const log = await reviewsOf(hola.id);
    expect(log.map((r) => r.rating)).toEqual([3, 1, 4]);
    expect(log.map((r) => r.reviewedAt.getTime())).toEqual([
      1619200000000, 1619300000000, 1619400000000,
    ]);
    expect(log.map((r) => r.outcome)).toEqual(['correct', 'incorrect', 'correct']);
    expect(log.map((r) => r.durationMs)).toEqual([6000, 9000, 4000]);
    // The schedule continues where Anki left it: its due date and its FSRS memory state.
    expect(hola.nextReviewDate).toEqual(new Date((1619060400 + 10 * 86400) * 1000));
    expect(hola.lastReview).toEqual(new Date(1619400000000));
    expect(hola.stability).toBe(8.5);
    expect(hola.totalReviews).toBe(3);
    expect(hola.state).toBeGreaterThan(0);

    // A word with no answers starts as new.
    const gato = (await wordOf(user, 'gato'))!;
    expect(gato.translation).toBe('cat (animal)');
    expect(await reviewsOf(gato.id)).toHaveLength(0);
    expect(gato.state).toBe(0);
    expect(gato.totalReviews).toBe(0);

    const groups = await t.db
      .select({ name: schema.groups.name, word: schema.words.word })
      .from(schema.groupWords)
      .innerJoin(schema.groups, eq(schema.groups.id, schema.groupWords.groupId))
      .innerJoin(schema.words, eq(schema.words.id, schema.groupWords.wordId))
      .where(eq(schema.groups.userId, user.id));
    expect(groups).toContainEqual({ name: 'ThisIsSchema16', word: 'hola & adiós' });
    expect(groups.every((g) => shown.anki!.decks.includes(g.name))).toBe(true);

    // The words show on My Words, with their history.
    const list = await t.request('/api/words', { cookie: user.cookie });
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).toContain('hola & adiós');

    // The same package again: duplicates, nothing added, no review doubled.
    const again = await importAll(user, fixture('anki21b.apkg'));
    expect(again).toMatchObject({ status: 'done', imported: 0, duplicates: 2 });
    expect(again.skippedRows.map((r) => r.problem)).toEqual([
      IMPORT_PROBLEMS.inCollection,
      IMPORT_PROBLEMS.inCollection,
    ]);
    expect(await reviewsOf(hola.id)).toHaveLength(3);

    // Another learner sees none of it.
    const other = await t.signUp();
    expect(await countOf(other)).toEqual({ words: 0, jobs: 0 });
    const read = await t.request(`/api/imports/${job.id}`, { cookie: other.cookie });
    expect(read.status).toBe(404);
    const latest = await t.request('/api/imports/latest', { cookie: other.cookie });
    expect(await latest.json()).toEqual({ job: null });
  });

  it('follows the field choice per note type, in the preview and the words saved', async () => {
    const user = await t.signUp();
    const bytes = fixture('templates.apkg');
    const defaults = await preview(user, bytes);
    expect(defaults.total).toBe(48);
    expect(defaults.rows).toHaveLength(20);
    expect(defaults.anki!.images).toBeGreaterThan(0);
    const muscle = defaults.anki!.noteTypes.find((type) => type.name === 'Muscle')!;
    expect(muscle.mapping).toMatchObject({ word: 0, translation: 1 });
    const fields = JSON.stringify({
      [muscle.id]: { word: 0, translation: 3, notes: 4, examples: null, ipa: null },
    });
    const chosen = await preview(user, bytes, { fields });
    expect(chosen.anki!.noteTypes.find((type) => type.id === muscle.id)!.mapping).toMatchObject({
      word: 0,
      translation: 3,
      notes: 4,
    });
    const deltoidRow = (p: ImportPreview) => p.rows.find((r) => r.word === 'Deltoid');
    if (deltoidRow(defaults)) {
      expect(deltoidRow(defaults)!.translation).toContain('Scapula');
    }
    expect(deltoidRow(chosen)?.translation ?? '').toContain('Abduction at shoulder');

    const job = await importAll(user, bytes, { fields });
    expect(job.status).toBe('done');
    expect(job.imported + job.duplicates + job.problems).toBe(48);
    const deltoid = (await wordOf(user, 'Deltoid'))!;
    expect(deltoid.translation).toContain('Abduction at shoulder');
    expect(deltoid.mnemonic).toBe('Axillary');

    // The word answered most in the package brings its whole history, every answer Again.
    const pkg = await readAnkiPackage(bytes);
    const most = ankiRows(pkg).rows.reduce((a, b) =>
      (b.reviews?.length ?? 0) > (a.reviews?.length ?? 0) ? b : a,
    );
    const saved = (await wordOf(user, most.word.replace(/\s+/g, ' ').trim()))!;
    const log = await reviewsOf(saved.id);
    expect(log).toHaveLength(29);
    expect(log.every((r) => r.rating === 1 && r.outcome === 'incorrect')).toBe(true);
    expect(saved.lastReview).toEqual(most.reviews!.at(-1)!.reviewedAt);
    expect(saved.totalReviews).toBe(29);
  });

  it('refuses a field choice the package does not have', async () => {
    const user = await t.signUp();
    const bytes = fixture('anki21b.apkg');
    const { anki } = await preview(user, bytes);
    const basic = anki!.noteTypes.find((type) => type.name === 'Basic')!;
    const cases: [string, string][] = [
      [JSON.stringify({ [basic.id]: { word: 5 } }), IMPORT_TEXT.ankiUnknownField('Basic', 5)],
      [JSON.stringify({ '42': { word: 0 } }), IMPORT_TEXT.ankiUnknownNoteType('42')],
      ['{not json', ANKI_BAD_FIELDS],
    ];
    for (const [fields, message] of cases) {
      const response = await upload(user, '/api/imports', bytes, { fields });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain(message);
    }
    expect(await countOf(user)).toEqual({ words: 0, jobs: 0 });
  });

  it('refuses each bad package with its own message and changes nothing', async () => {
    const user = await t.signUp();
    const SQL = await sqlite();
    const notAnki = new SQL.Database();
    notAnki.run("CREATE TABLE words (word text); INSERT INTO words VALUES ('hola')");
    const noNotes = new SQL.Database(unzipSync(fixture('media.apkg'))['collection.anki2']);
    noNotes.run('DELETE FROM notes');
    const cases: [string, Uint8Array, string][] = [
      ['an empty file', new Uint8Array(0), IMPORT_TEXT.empty],
      ['a corrupt zip', fixture('templates.apkg').subarray(0, 4000), ANKI_TEXT.corruptZip],
      ['a text file', strToU8('hola,hello\n'), ANKI_TEXT.corruptZip],
      [
        'a zip with no collection',
        zipSync({ 'notes.txt': strToU8('hello') }),
        ANKI_TEXT.notAPackage,
      ],
      [
        'a SQLite file that is not an Anki collection',
        zipSync({ 'collection.anki21': notAnki.export() }),
        ANKI_TEXT.notACollection,
      ],
      [
        'a package with no notes',
        zipSync({ 'collection.anki2': noNotes.export() }),
        ANKI_TEXT.noNotes,
      ],
    ];
    notAnki.close();
    noNotes.close();
    for (const [name, bytes, message] of cases) {
      for (const path of ['/api/imports/preview', '/api/imports'] as const) {
        const response = await upload(user, path, bytes);
        expect(response.status, `${name} at ${path}`).toBe(400);
        const body = (await response.json()) as { error: { message: string } };
        expect(body.error.message, name).toBe(message);
      }
    }
    expect(await countOf(user)).toEqual({ words: 0, jobs: 0 });
  });
});
