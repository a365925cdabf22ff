import { schema } from '@verba/db';
import {
  IMPORT_PROBLEMS,
  IMPORT_TEXT,
  type FeedState,
  type ImportJob,
  type ImportPreview,
  type WordEnrichmentStatus,
} from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import {
  fakeReply,
  startFakeAiServer,
  type FakeAiServer,
  type FakeReply,
} from '../../testing/fake-ai-server.ts';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { SAMPLE_CARD } from '../../testing/sample-card.ts';
import { importsSettled } from '../imports/imports.service.ts';
import { ENRICHMENT } from './word-enrichment.ts';

// Imported words completed by the AI in the background (docs/decisions/058), against a real
// database and the fake OpenAI-compatible server.

let ai: FakeAiServer;
let now = new Date('2026-11-20T10:00:00Z');
const clock = () => now;
/** A server with an AI provider, and one without on the same database. */
let t: TestHarness;
let bare: TestHarness;

beforeAll(async () => {
  ai = await startFakeAiServer();
  t = await TestHarness.start({
    env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AUTH_RATE_LIMIT_SIGN_UP: '1000' },
    clock,
  });
  bare = await TestHarness.onDatabase(t.database, { clock });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const upload = (through: TestHarness, user: TestUser, path: string, text: string) =>
  through.request(path, {
    method: 'POST',
    cookie: user.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body: new TextEncoder().encode(text),
  });

async function importText(user: TestUser, text: string, through = t): Promise<ImportJob> {
  const response = await upload(through, user, '/api/imports', text);
  expect(response.status).toBe(202);
  await importsSettled();
  const { id } = (await response.json()) as ImportJob;
  return (await (
    await through.request(`/api/imports/${id}`, { cookie: user.cookie })
  ).json()) as ImportJob;
}

/** The fake AI's answer for one word's card, whatever order the words are asked in. */
const forWord = (word: string, reply: FakeReply): FakeReply => ({
  kind: 'for',
  schema: 'imported_word_card',
  contains: `<word>${word}</word>`,
  reply,
});
const cardFor = (word: string, card: unknown) => forWord(word, fakeReply.json(card));

/** The provider fails, so the words wait in the queue; then it answers again, later. */
async function providerBackLater(...replies: FakeReply[]) {
  ai.reset();
  ai.enqueue(...replies);
  now = new Date(now.getTime() + ENRICHMENT.retryAfterFailureMs);
  await t.services.enrichment.runNow();
}

async function wordOf(user: TestUser, word: string) {
  const [row] = await t.db
    .select()
    .from(schema.words)
    .where(eq(schema.words.userId, user.id))
    .then((rows) => rows.filter((r) => r.word === word));
  return row!;
}

async function queued(user: TestUser) {
  return t.db
    .select({ wordId: schema.wordEnrichments.wordId })
    .from(schema.wordEnrichments)
    .where(eq(schema.wordEnrichments.userId, user.id));
}

async function pending(user: TestUser, through = t): Promise<number> {
  const response = await through.request('/api/enrichment', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as WordEnrichmentStatus).pending;
}

const cardRequests = () =>
  ai.requests.filter(
    (r) =>
      (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format
        ?.json_schema?.name === 'imported_word_card',
  );

describe('imported words completed by the AI', () => {
  it('accepts words without a translation, completes every imported word and fills only empty fields', async () => {
    const user = await t.signUp();
    const text = 'el gato\tcat\nel perro';
    const previewed = (await (
      await upload(t, user, '/api/imports/preview', text)
    ).json()) as ImportPreview;
    expect(previewed).toMatchObject({ valid: 2, problems: 0 });
    expect(previewed.rows[1]).toMatchObject({
      word: 'el perro',
      translation: IMPORT_TEXT.translationFromAi,
      problem: null,
    });

    const events: AppEvent[] = [];
    // This process's own announcements, as it makes them (on PostgreSQL the bus's copy comes
    // back later, through NOTIFY).
    const unsubscribe = t.services.events.onPublish((e) => {
      if (e.userId === user.id) events.push(e);
    });
    // The provider fails at first: the words wait, saved as the file had them.
    ai.enqueue(
      forWord('el gato', fakeReply.status(500)),
      forWord('el perro', fakeReply.status(500)),
    );
    const job = await importText(user, text);
    expect(job).toMatchObject({ status: 'done', imported: 2, problems: 0 });
    await t.services.enrichment.runNow();
    expect(await pending(user)).toBe(2);
    expect((await wordOf(user, 'el perro')).translation).toBe('');
    // Practice does not wait: the word without a translation is left out of it meanwhile.
    const feed = (await (
      await t.request('/api/practice/feed', { cookie: user.cookie })
    ).json()) as FeedState;
    expect(feed).toEqual({ kind: 'due', dueCount: 1 });

    await providerBackLater(
      cardFor('el gato', { ...SAMPLE_CARD, word: 'gato', translation: 'the cat' }),
      cardFor('el perro', { ...SAMPLE_CARD, word: 'perro', translation: 'dog' }),
    );
    unsubscribe();
    expect(await pending(user)).toBe(0);
    expect(await queued(user)).toEqual([]);
    expect(cardRequests()).toHaveLength(2);

    const gato = await wordOf(user, 'el gato');
    // The file's translation stays; the rest of the card is the AI's.
    expect(gato).toMatchObject({
      word: 'el gato',
      translation: 'cat',
      ipa: SAMPLE_CARD.ipa,
      mnemonic: SAMPLE_CARD.mnemonic,
      grammarType: SAMPLE_CARD.grammarType,
      cefrLevel: SAMPLE_CARD.cefrLevel,
      examples: SAMPLE_CARD.examples,
      synonyms: SAMPLE_CARD.synonyms,
      tags: SAMPLE_CARD.themes,
    });
    const perro = await wordOf(user, 'el perro');
    expect(perro).toMatchObject({ word: 'el perro', translation: 'dog', ipa: SAMPLE_CARD.ipa });
    expect(events.some((e) => e.kind === 'words.completed')).toBe(true);
    const after = (await (
      await t.request('/api/practice/feed', { cookie: user.cookie })
    ).json()) as FeedState;
    expect(after).toEqual({ kind: 'due', dueCount: 2 });
  });

  it('stores nothing of an answer that fails the checks of a hand-added card', async () => {
    const user = await t.signUp();
    const invalid = { ...SAMPLE_CARD, translation: '', ipa: 'not ipa at all 123', examples: [] };
    ai.enqueue(
      cardFor('la mesa', invalid),
      cardFor('la mesa', invalid),
      cardFor('la silla', { ...SAMPLE_CARD, word: 'silla' }),
      cardFor('la puerta', { ...SAMPLE_CARD, word: 'puerta' }),
    );
    await importText(user, 'la mesa\nla silla\tchair\nla puerta\tdoor');
    await t.services.enrichment.runNow();
    const mesa = await wordOf(user, 'la mesa');
    expect(mesa).toMatchObject({
      translation: '',
      ipa: null,
      mnemonic: null,
      examples: [],
      synonyms: [],
      tags: [],
      grammarType: null,
      cefrLevel: null,
    });
    // Asked twice (the retry with the reasons), then given up: it leaves the queue.
    expect(
      cardRequests().filter((r) => JSON.stringify(r.body).includes('<word>la mesa</word>')),
    ).toHaveLength(2);
    expect(await queued(user)).toEqual([]);
    expect((await wordOf(user, 'la silla')).ipa).toBe(SAMPLE_CARD.ipa);
  });

  it('keeps what the learner edits while the AI is writing the card', async () => {
    const user = await t.signUp();
    ai.enqueue(forWord('el libro', fakeReply.status(500)));
    await importText(user, 'el libro');
    await t.services.enrichment.runNow();
    const { id } = await wordOf(user, 'el libro');
    const edited = await t.request(`/api/words/${id}`, {
      method: 'PATCH',
      cookie: user.cookie,
      json: { translation: 'the book', mnemonic: 'My own way to remember it' },
    });
    expect(edited.status).toBe(200);
    await providerBackLater(cardFor('el libro', { ...SAMPLE_CARD, word: 'libro' }));
    expect(await wordOf(user, 'el libro')).toMatchObject({
      translation: 'the book',
      mnemonic: 'My own way to remember it',
      ipa: SAMPLE_CARD.ipa,
      grammarType: SAMPLE_CARD.grammarType,
    });
    expect(await queued(user)).toEqual([]);
  });

  it('without an AI provider queues nothing and still refuses rows without a translation', async () => {
    const user = await bare.signUp();
    const text = 'el sol\tsun\nla luna';
    const previewed = (await (
      await upload(bare, user, '/api/imports/preview', text)
    ).json()) as ImportPreview;
    expect(previewed.rows.map((r) => r.problem)).toEqual([null, IMPORT_PROBLEMS.noTranslation]);
    const job = await importText(user, text, bare);
    expect(job).toMatchObject({ status: 'done', imported: 1, problems: 1 });
    expect(await queued(user)).toEqual([]);
    expect(await pending(user, bare)).toBe(0);
    await bare.services.enrichment.runNow();
    expect(cardRequests()).toHaveLength(0);
    expect(await wordOf(user, 'el sol')).toMatchObject({ translation: 'sun', ipa: null });
  });
});

describe('the daily AI quota', () => {
  let tight: TestHarness;
  beforeAll(async () => {
    // 3 calls a day: the queue's share is 2 calls, one word (a word may need a retry).
    tight = await TestHarness.start({
      env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AI_DAILY_LIMIT: '3' },
      clock,
    });
  });
  afterAll(() => tight.close());

  it('stops when the queue’s share of the quota is spent and resumes the next day', async () => {
    const user = await tight.signUp();
    ai.enqueue(
      cardFor('el árbol', { ...SAMPLE_CARD, word: 'árbol' }),
      cardFor('la flor', { ...SAMPLE_CARD, word: 'flor' }),
    );
    await importText(user, 'el árbol\nla flor', tight);
    await tight.services.enrichment.runNow();
    expect(cardRequests()).toHaveLength(1);
    expect(await pending(user, tight)).toBe(1);

    // Asked again the same day, it waits: no call is made.
    await tight.services.enrichment.runNow();
    expect(cardRequests()).toHaveLength(1);
    // The rest of the quota is the learner's own: a card by hand is still written today.
    ai.enqueue(fakeReply.json({ ...SAMPLE_CARD, word: 'la casa' }));
    const generated = await tight.request('/api/words/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'la casa' },
    });
    expect(generated.status).toBe(200);

    now = new Date(now.getTime() + 25 * 3_600_000);
    await tight.services.enrichment.runNow();
    expect(await pending(user, tight)).toBe(0);
    const rows = await tight.db
      .select({ translation: schema.words.translation })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    expect(rows.map((r) => r.translation).sort()).toEqual(
      [SAMPLE_CARD.translation, SAMPLE_CARD.translation].sort(),
    );
  });
});
