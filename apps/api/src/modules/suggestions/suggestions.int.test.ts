import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { AI_QUOTAS, type AddSuggestionResult, type SuggestionList } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../../testing/fake-ai-server.ts';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { SAMPLE_CARD } from '../../testing/sample-card.ts';

let ai: FakeAiServer;
let t: TestHarness;
// The tests move the clock past the automatic refill's minute instead of waiting for it.
let clockOffsetMs = 0;

beforeAll(async () => {
  ai = await startFakeAiServer();
  t = await TestHarness.start({
    env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AUTH_RATE_LIMIT_SIGN_UP: '1000' },
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

const suggestion = (word: string) => ({ word, translation: `${word} (en)`, reason: 'Useful' });
const batch = (...words: string[]) =>
  fakeReply.for('word_suggestions', fakeReply.json({ suggestions: words.map(suggestion) }));

async function save(user: TestUser, word: string) {
  const response = await t.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), word, translation: 'x' },
  });
  expect(response.status).toBe(201);
}

/** The requests that asked for suggestions (saving a third word also starts a grouping run). */
const suggestionCalls = () =>
  ai.requests.filter((r) => JSON.stringify(r.body).includes('"name":"word_suggestions"'));

async function list(user: TestUser): Promise<string[]> {
  const response = await t.request('/api/suggestions', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as SuggestionList).suggestions.map((s) => s.word);
}

describe('GET /api/suggestions', () => {
  it('never suggests a word already saved, in any case, and caches what it got', async () => {
    const user = await t.signUp();
    await save(user, 'La Manzana');
    ai.enqueue(batch('la manzana', 'el pan', 'LA MANZANA', 'el queso', 'la leche', 'el agua'));
    expect(await list(user)).toEqual(['el pan', 'el queso', 'la leche', 'el agua']);
    // The prompt named the saved word so the model could avoid it.
    expect(JSON.stringify(ai.requests[0]?.body)).toContain('<word>La Manzana</word>');

    // Cached: no second call while 4 or more remain.
    expect(await list(user)).toHaveLength(4);
    expect(suggestionCalls()).toHaveLength(1);

    // A word saved meanwhile leaves the list; below 4 the list is refilled.
    await save(user, 'El Pan');
    ai.enqueue(batch('el vino', 'el queso'));
    expect(await list(user)).toEqual(['el queso', 'la leche', 'el agua', 'el vino']);
    expect(suggestionCalls()).toHaveLength(2);

    // A refill that comes back short (the model named words the learner has) holds the next
    // one off for a minute.
    for (const word of ['El Vino', 'El Queso', 'La Leche']) await save(user, word);
    ai.enqueue(batch('el pan', 'la sopa'));
    expect(await list(user)).toEqual(['el agua', 'la sopa']);
    await save(user, 'El Agua');
    expect(await list(user)).toEqual(['la sopa']);
    expect(suggestionCalls()).toHaveLength(3);
    clockOffsetMs += 60_000;
    ai.enqueue(batch('el té', 'la sal', 'el pan'));
    expect(await list(user)).toEqual(['la sopa', 'el té', 'la sal']);
    expect(suggestionCalls()).toHaveLength(4);
  });

  it('two requests at once share one refill', async () => {
    const user = await t.signUp();
    ai.enqueue(batch('uno', 'dos', 'tres', 'cuatro'), batch('cinco', 'seis', 'siete', 'ocho'));
    const [first, second] = await Promise.all([list(user), list(user)]);
    expect(first).toEqual(['uno', 'dos', 'tres', 'cuatro']);
    expect(second).toEqual(first);
    // Counted by schema: a grouping run the previous test started may call the provider meanwhile.
    expect(suggestionCalls()).toHaveLength(1);
    expect(await list(user)).toEqual(first);
  });

  it('answers the provider’s 429 as Rate limit reached when nothing is cached', async () => {
    const user = await t.signUp();
    ai.enqueue(fakeReply.for('word_suggestions', fakeReply.status(429)));
    const response = await t.request('/api/suggestions', { cookie: user.cookie });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Rate limit reached',
    );
  });
});

describe('POST /api/suggestions/refresh', () => {
  it('clears the cache, asks again, and holds to 5 per 60 s', async () => {
    const user = await t.signUp();
    ai.enqueue(batch('uno', 'dos', 'tres', 'cuatro'));
    expect(await list(user)).toHaveLength(4);
    for (let i = 0; i < AI_QUOTAS.suggestionRefresh.max; i += 1) {
      ai.enqueue(batch(`nuevo${i}`, `otro${i}`));
      const response = await t.request('/api/suggestions/refresh', {
        method: 'POST',
        cookie: user.cookie,
        json: {},
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as SuggestionList;
      expect(body.suggestions.map((s) => s.word)).toEqual([`nuevo${i}`, `otro${i}`]);
    }
    const [row] = await t.db
      .select()
      .from(schema.wordSuggestionsCache)
      .where(eq(schema.wordSuggestionsCache.userId, user.id));
    expect(row?.suggestions.map((s) => s.word)).toEqual(['nuevo4', 'otro4']);
    const refused = await t.request('/api/suggestions/refresh', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(refused.status).toBe(429);
  });
});

describe('a failed refresh', () => {
  it('keeps the suggestions there were', async () => {
    const user = await t.signUp();
    ai.enqueue(batch('uno', 'dos', 'tres', 'cuatro'));
    await list(user);
    ai.enqueue(fakeReply.for('word_suggestions', fakeReply.status(500)));
    const response = await t.request('/api/suggestions/refresh', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(response.status).toBe(502);
    expect(await list(user)).toEqual(['uno', 'dos', 'tres', 'cuatro']);
  });
});

describe('POST /api/suggestions/add', () => {
  it('writes the full card, saves it and removes the suggestion', async () => {
    const user = await t.signUp();
    ai.enqueue(batch('la manzana', 'el pan', 'el queso', 'la leche'));
    await list(user);
    ai.enqueue(fakeReply.json(SAMPLE_CARD));
    const response = await t.request('/api/suggestions/add', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'LA MANZANA' },
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as AddSuggestionResult;
    expect(body.word).toMatchObject({
      word: SAMPLE_CARD.word,
      translation: SAMPLE_CARD.translation,
      ipa: SAMPLE_CARD.ipa,
      mnemonic: SAMPLE_CARD.mnemonic,
      cefrLevel: 'A1',
      themes: ['Food & Dining'],
    });
    expect(body.word.examples).toHaveLength(2);
    expect(body.suggestions.map((s) => s.word)).toEqual(['el pan', 'el queso', 'la leche']);
    const saved = await t.request(`/api/words/${body.word.id}`, { cookie: user.cookie });
    expect(saved.status).toBe(200);
  });

  it('saves nothing when the card cannot be written', async () => {
    const user = await t.signUp();
    ai.enqueue(batch('el pan', 'el queso', 'la leche', 'el agua'));
    await list(user);
    ai.enqueue(fakeReply.status(402));
    const response = await t.request('/api/suggestions/add', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'el pan' },
    });
    expect(response.status).toBe(402);
    const words = await t.db.select().from(schema.words).where(eq(schema.words.userId, user.id));
    expect(words).toEqual([]);
    expect(await list(user)).toContain('el pan');
  });

  it('answers 404 for a word that was not suggested', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/suggestions/add', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'anything' },
    });
    expect(response.status).toBe(404);
    // No card was asked for (an earlier test's background refill may still reach the model).
    expect(
      ai.requests.filter((r) => JSON.stringify(r.body).includes('"name":"word_card"')),
    ).toHaveLength(0);
  });
});
