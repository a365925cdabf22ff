import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  IMPORT_LIMITS,
  IMPORT_PROBLEMS,
  IMPORT_TEXT,
  type ImportJob,
  type ImportPreview,
  type LatestImport,
} from '@verba/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { importsSettled, STALE_JOB_MS } from './imports.service.ts';

let now = new Date('2026-11-20T10:00:00Z');
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ clock: () => now });
});
afterAll(() => t.close());

const utf8 = (text: string) => new TextEncoder().encode(text);

function upload(
  user: TestUser,
  path: '/api/imports' | '/api/imports/preview',
  body: Uint8Array,
  query: Record<string, string> = {},
) {
  const search = new URLSearchParams(query).toString();
  return t.request(`${path}${search ? `?${search}` : ''}`, {
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

/** Starts an import and waits until it has finished. */
async function importAll(user: TestUser, body: Uint8Array, query: Record<string, string> = {}) {
  const response = await upload(user, '/api/imports', body, query);
  expect(response.status).toBe(202);
  const started = (await response.json()) as ImportJob;
  await importsSettled();
  const read = await t.request(`/api/imports/${started.id}`, { cookie: user.cookie });
  expect(read.status).toBe(200);
  return (await read.json()) as ImportJob;
}

async function wordsOf(user: TestUser) {
  return t.db
    .select({ word: schema.words.word, translation: schema.words.translation })
    .from(schema.words)
    .where(eq(schema.words.userId, user.id))
    .orderBy(schema.words.word);
}

async function expectRefused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  const { error } = (await response.json()) as { error: { message: string } };
  expect(error.message).toBe(message);
}

describe('paste and text files', () => {
  it('previews pasted text with the detected separator and each row’s problem', async () => {
    const user = await t.signUp();
    await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), word: 'la casa', translation: 'house' },
    });
    const text = [
      'el gato\tcat',
      'LA CASA\thouse',
      'el perro\tdog',
      'El Perro\tdog again',
      '\tno word',
      'sin traducción',
      `${'x'.repeat(101)}\ttoo long`,
      'bad\u0007bell\tbell',
      // Decomposed é: the same word as the composed one after normalisation.
      'cafe\u0301\tcoffee',
      'café\tcoffee again',
    ].join('\n');
    const result = await preview(user, utf8(text));
    expect(result).toMatchObject({
      separator: '\t',
      separatorDetected: true,
      total: 10,
      valid: 3,
      duplicates: 3,
      problems: 4,
    });
    expect(result.rows.map((r) => r.problem)).toEqual([
      null,
      IMPORT_PROBLEMS.inCollection,
      null,
      IMPORT_PROBLEMS.earlierInFile,
      IMPORT_PROBLEMS.emptyWord,
      IMPORT_PROBLEMS.noTranslation,
      IMPORT_PROBLEMS.tooLong('word', 100),
      IMPORT_PROBLEMS.controlCharacters('word'),
      null,
      IMPORT_PROBLEMS.earlierInFile,
    ]);
    expect(result.rows[8]).toMatchObject({ word: 'café', translation: 'coffee' });
    // A preview saves nothing.
    expect(await wordsOf(user)).toHaveLength(1);
  });

  it.each([
    ['comma', 'el gato,cat\nel perro,dog', ','],
    ['semicolon', 'el gato;cat\nel perro;dog', ';'],
    ['spaced dash', 'el gato - cat\nel perro - dog', ' - '],
    ['tab', 'el gato\tcat, feline\nel perro\tdog', '\t'],
  ])('detects a %s between word and translation', async (_name, text, separator) => {
    const user = await t.signUp();
    const result = await preview(user, utf8(text));
    expect(result.separator).toBe(separator);
    expect(result.rows.slice(0, 1)).toMatchObject([{ word: 'el gato' }]);
    expect(result.valid).toBe(2);
  });

  it('reads with the separator the learner chose instead', async () => {
    const user = await t.signUp();
    const result = await preview(user, utf8('a,b;c\nd,e;f'), { separator: ';' });
    expect(result).toMatchObject({ separator: ';', separatorDetected: false });
    expect(result.rows.map((r) => [r.word, r.translation])).toEqual([
      ['a,b', 'c'],
      ['d,e', 'f'],
    ]);
  });

  it('imports a CSV with quoted fields, separators and line breaks inside them', async () => {
    const user = await t.signUp();
    const csv = 'el gato,"cat, the animal"\r\n"la ""casa""","house\r\nhome"\r\nel perro,dog\r\n';
    const job = await importAll(user, utf8(csv), { fileName: 'words.csv' });
    expect(job).toMatchObject({
      status: 'done',
      fileName: 'words.csv',
      total: 3,
      done: 3,
      imported: 3,
      duplicates: 0,
      problems: 0,
      error: null,
    });
    expect(await wordsOf(user)).toEqual([
      { word: 'el gato', translation: 'cat, the animal' },
      { word: 'el perro', translation: 'dog' },
      { word: 'la "casa"', translation: 'house home' },
    ]);
    const [profile] = await t.db
      .select({ totalWords: schema.profiles.totalWords })
      .from(schema.profiles)
      .where(eq(schema.profiles.id, user.id));
    expect(profile?.totalWords).toBe(3);
    const latest = (await (
      await t.request('/api/imports/latest', { cookie: user.cookie })
    ).json()) as LatestImport;
    expect(latest.job?.id).toBe(job.id);
  });

  it('keeps the skipped rows with their reasons for the download', async () => {
    const user = await t.signUp();
    const job = await importAll(user, utf8('uno\tone\nuno\tone\ndos\n'));
    expect(job).toMatchObject({ imported: 1, duplicates: 1, problems: 1 });
    expect(job.skippedRows).toEqual([
      {
        line: 2,
        word: 'uno',
        translation: 'one',
        problem: IMPORT_PROBLEMS.earlierInFile,
        duplicate: true,
      },
      {
        line: 3,
        word: 'dos',
        translation: '',
        problem: IMPORT_PROBLEMS.noTranslation,
        duplicate: false,
      },
    ]);
  });

  it('reads UTF-8 with its byte-order mark and UTF-16 in both byte orders', async () => {
    const text = 'straße\tstreet\nnaïve\tnaive\n日本\tJapan\n';
    const le = new Uint8Array(2 + text.length * 2);
    const be = new Uint8Array(2 + text.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      le.set([code & 0xff, code >> 8], 2 + i * 2);
      be.set([code >> 8, code & 0xff], 2 + i * 2);
    }
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    for (const bytes of [bom, le, be]) {
      const user = await t.signUp();
      const result = await preview(user, bytes);
      expect(result.rows.map((r) => r.word)).toEqual(['straße', 'naïve', '日本']);
    }
  });

  it('honours Anki’s text-export headers', async () => {
    const user = await t.signUp();
    const text = [
      '#separator:Semicolon',
      '#html:true',
      '#tags:Travel imported',
      '#columns:GUID;Notetype;Deck;Front;Back;Tags',
      '#guid column:1',
      '#notetype column:2',
      '#deck column:3',
      '#tags column:6',
      'abc123;Basic;Spanish::Food;la <b>manzana</b>;"apple<br>(fruit) &amp; more";fruit',
      'def456;Basic;Spanish;el tren;train;',
    ].join('\n');
    const result = await preview(user, utf8(text));
    expect(result).toMatchObject({ separator: ';', separatorDetected: false, html: true });
    expect(result.rows.map((r) => [r.word, r.translation])).toEqual([
      ['la manzana', 'apple (fruit) & more'],
      ['el tren', 'train'],
    ]);
    const job = await importAll(user, utf8(text));
    expect(job.imported).toBe(2);
    const [tren] = await t.db
      .select({ tags: schema.words.tags })
      .from(schema.words)
      .where(and(eq(schema.words.userId, user.id), eq(schema.words.word, 'el tren')));
    // Tags that are one of the themes become its theme; the rest are not themes.
    expect(tren?.tags).toEqual(['Travel']);
  });

  it('makes the decks of Anki’s deck column (or `#deck:`) groups with their words', async () => {
    const user = await t.signUp();
    const groupsOf = () =>
      t.db
        .select({ name: schema.groups.name, word: schema.words.word })
        .from(schema.groupWords)
        .innerJoin(schema.groups, eq(schema.groups.id, schema.groupWords.groupId))
        .innerJoin(schema.words, eq(schema.words.id, schema.groupWords.wordId))
        .where(eq(schema.groups.userId, user.id))
        .orderBy(schema.words.word);
    const first = [
      '#separator:tab',
      '#deck:Spanish',
      '#deck column:1',
      'Spanish::Food\tla manzana\tapple',
      '\tel tren\ttrain',
    ].join('\n');
    expect(await importAll(user, utf8(first))).toMatchObject({ imported: 2 });
    expect(await groupsOf()).toEqual([
      { name: 'Spanish', word: 'el tren' },
      { name: 'Spanish::Food', word: 'la manzana' },
    ]);
    // A later file's deck of the same name fills the same group.
    await importAll(user, utf8('#separator:tab\n#deck column:3\nel pan\tbread\tSpanish::Food'));
    expect(await groupsOf()).toEqual([
      { name: 'Spanish::Food', word: 'el pan' },
      { name: 'Spanish', word: 'el tren' },
      { name: 'Spanish::Food', word: 'la manzana' },
    ]);
    const [groups] = await t.db
      .select({ n: count() })
      .from(schema.groups)
      .where(eq(schema.groups.userId, user.id));
    expect(groups!.n).toBe(2);
  });

  it('takes Quizlet’s own separators between term and definition and between rows', async () => {
    const user = await t.signUp();
    const result = await preview(user, utf8('hola::hello##adiós::goodbye, bye##'), {
      separator: '::',
      rowSeparator: '##',
    });
    expect(result.rows.map((r) => [r.word, r.translation])).toEqual([
      ['hola', 'hello'],
      ['adiós', 'goodbye, bye'],
    ]);
    const semicolons = await preview(user, utf8('hola\thello;adiós\tgoodbye'), {
      rowSeparator: ';',
    });
    expect(semicolons.total).toBe(2);
  });
});

describe('bad input is refused and changes nothing', () => {
  const jobsOf = async (user: TestUser) =>
    (
      await t.db
        .select({ n: count() })
        .from(schema.importJobs)
        .where(eq(schema.importJobs.userId, user.id))
    )[0]?.n;

  it.each([
    ['an empty file', new Uint8Array(), IMPORT_TEXT.empty],
    ['only blank lines', utf8('\n \n\t\n'), IMPORT_TEXT.empty],
    [
      'a binary file named .csv',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      IMPORT_TEXT.binary,
    ],
    ['Latin-1 bytes', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x09, 0x63]), IMPORT_TEXT.notUtf8(3)],
  ])('refuses %s with its own message', async (_name, bytes, message) => {
    const user = await t.signUp();
    for (const path of ['/api/imports/preview', '/api/imports'] as const) {
      await expectRefused(await upload(user, path, bytes), 400, message);
    }
    expect(await jobsOf(user)).toBe(0);
    expect(await wordsOf(user)).toEqual([]);
  });

  it('refuses more rows than an import takes before writing anything, naming the count', async () => {
    const user = await t.signUp();
    const rows = IMPORT_LIMITS.maxRows + 1;
    const text = Array.from({ length: rows }, (_, i) => `palabra ${i}\tword ${i}`).join('\n');
    await expectRefused(
      await upload(user, '/api/imports', utf8(text)),
      400,
      IMPORT_TEXT.tooManyRows(rows),
    );
    expect(IMPORT_TEXT.tooManyRows(rows)).toContain('20,001 rows');
    expect(await jobsOf(user)).toBe(0);
  });

  it('refuses an upload over the size cap with a 413 naming the limit', async () => {
    const user = await t.signUp();
    const big = new Uint8Array(IMPORT_LIMITS.maxBytes + 1).fill(0x61);
    await expectRefused(await upload(user, '/api/imports', big), 413, IMPORT_TEXT.tooLarge);
    expect(IMPORT_TEXT.tooLarge).toContain('50 MB');
    expect(await jobsOf(user)).toBe(0);
  });

  it('refuses an upload that is not sent as bytes, and bad options', async () => {
    const user = await t.signUp();
    const json = await t.request('/api/imports', {
      method: 'POST',
      cookie: user.cookie,
      json: { text: 'a\tb' },
    });
    expect(json.status).toBe(415);
    const badSeparator = await upload(user, '/api/imports/preview', utf8('a\tb'), {
      separator: 'x'.repeat(11),
    });
    expect(badSeparator.status).toBe(400);
    const control = await upload(user, '/api/imports/preview', utf8('a\tb'), {
      fileName: 'a\u0000',
    });
    expect(control.status).toBe(400);
  });

  it('does not show another learner’s import', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const job = await importAll(owner, utf8('uno\tone'));
    expect((await t.request(`/api/imports/${job.id}`, { cookie: other.cookie })).status).toBe(404);
    const latest = (await (
      await t.request('/api/imports/latest', { cookie: other.cookie })
    ).json()) as LatestImport;
    expect(latest.job).toBeNull();
  });
});

describe('import jobs', () => {
  it('runs one import per learner at a time: a second one at once is refused', async () => {
    const user = await t.signUp();
    const text = Array.from({ length: 5000 }, (_, i) => `palabra ${i}\tword ${i}`).join('\n');
    const [first, second] = await Promise.all([
      upload(user, '/api/imports', utf8(text)),
      upload(user, '/api/imports', utf8('otra\tother')),
    ]);
    expect([first.status, second.status].sort()).toEqual([202, 409]);
    const refused = first.status === 409 ? first : second;
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      IMPORT_TEXT.alreadyRunning,
    );
    await importsSettled();
    expect(await wordsOf(user)).toHaveLength(first.status === 202 ? 5000 : 1);
    // Once it has finished, the next one runs.
    const next = await importAll(user, utf8('nueva\tnew'));
    expect(next.status).toBe('done');
  });

  it('shows an import whose server died as failed, keeps none of it, and imports again', async () => {
    const user = await t.signUp();
    // What a process killed in the middle of an import leaves: a running job and staged words.
    const id = randomUUID();
    await t.db.insert(schema.importJobs).values({
      id,
      userId: user.id,
      source: 'text',
      total: 2,
      done: 1,
      createdAt: now,
      updatedAt: now,
    });
    await t.db.insert(schema.importRows).values({
      jobId: id,
      position: 0,
      data: { id: randomUUID(), word: 'medio', translation: 'half', examples: [], themes: [] },
    });
    now = new Date(now.getTime() + STALE_JOB_MS + 1000);
    const latest = (await (
      await t.request('/api/imports/latest', { cookie: user.cookie })
    ).json()) as LatestImport;
    expect(latest.job).toMatchObject({ id, status: 'failed' });
    expect(latest.job?.error).toMatch(/nothing was saved/);
    expect(
      await t.db.select().from(schema.importRows).where(eq(schema.importRows.jobId, id)),
    ).toEqual([]);
    expect(await wordsOf(user)).toEqual([]);
    const retried = await importAll(user, utf8('medio\thalf\nentero\twhole'));
    expect(retried).toMatchObject({ status: 'done', imported: 2 });
  });
});
