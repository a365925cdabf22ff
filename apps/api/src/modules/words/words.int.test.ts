import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  AI_QUOTAS,
  AI_TEXT,
  WORD_TEXT,
  type GeneratedCard,
  wordListSchema,
  wordSchema,
  type Word,
  type WordList,
} from '@verba/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../../testing/fake-ai-server.ts';
import { GOOD_PASSWORD, sessionCookie, TestHarness, type TestUser } from '../../testing/harness.ts';
import { SAMPLE_CARD } from '../../testing/sample-card.ts';

const card: GeneratedCard = { ...SAMPLE_CARD, synonyms: ['el fruto'] };

let ai: FakeAiServer;
let t: TestHarness;
beforeAll(async () => {
  ai = await startFakeAiServer();
  t = await TestHarness.start({
    env: {
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-model',
      AI_API_KEY: 'test-key',
      // Every test signs up learners of its own, all from one test address.
      AUTH_RATE_LIMIT_SIGN_UP: '1000',
    },
    aiTimeoutMs: 1_000,
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

interface Envelope {
  error: { code: string; message: string; resourceId?: string; retryAfterSeconds?: number };
}

const generate = (user: TestUser, word: unknown) =>
  t.request('/api/words/generate', { method: 'POST', cookie: user.cookie, json: { word } });

const save = (user: TestUser, body: Record<string, unknown>) =>
  t.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), ...body },
  });

async function onboarded(native = 'en', target = 'es'): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: native, targetLanguage: target },
  });
  return user;
}

const countWords = async (user: TestUser) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id))
  )[0]?.n;

describe('generating a card', () => {
  it('asks the provider with the learner’s languages, the word delimited, and a JSON schema', async () => {
    const user = await onboarded('de', 'es');
    ai.enqueue(fakeReply.json(card));
    const response = await generate(user, '  manzana  ');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ word: 'la manzana', translation: 'apple' });
    const sent = ai.requests[0]?.body as {
      model: string;
      messages: { content: string }[];
      response_format: { type: string };
    };
    expect(sent.model).toBe('fake-model');
    expect(sent.response_format.type).toBe('json_schema');
    const text = sent.messages.map((m) => m.content).join('\n');
    expect(text).toContain('German');
    expect(text).toContain('Spanish');
    expect(text).toContain('<word>manzana</word>');
    expect(await countWords(user)).toBe(0);
  });

  it.each<[string, () => void, number, string]>([
    ['429', () => ai.enqueue(fakeReply.status(429)), 429, 'AI_RATE_LIMITED'],
    ['402', () => ai.enqueue(fakeReply.status(402)), 402, 'AI_USAGE_LIMIT'],
    ['500', () => ai.enqueue(fakeReply.status(500)), 502, 'AI_FAILED'],
    [
      'a timeout',
      () => ai.enqueue(fakeReply.delay(5_000, fakeReply.json(card))),
      504,
      'AI_TIMEOUT',
    ],
    [
      'garbage twice',
      () => ai.enqueue(fakeReply.raw('not json'), fakeReply.raw('not json')),
      502,
      'AI_FAILED',
    ],
    [
      'a card that fails the checks twice',
      () =>
        ai.enqueue(fakeReply.json({ ...card, examples: [] }), fakeReply.json({ ...card, ipa: '' })),
      502,
      'AI_FAILED',
    ],
  ])('maps %s to %s %s and saves nothing', async (_, reply, status, code) => {
    const user = await onboarded();
    reply();
    const response = await generate(user, 'manzana');
    expect(response.status).toBe(status);
    expect(((await response.json()) as Envelope).error.code).toBe(code);
    expect(await countWords(user)).toBe(0);
  });

  it('retries an invalid card once, telling the provider what was wrong', async () => {
    const user = await onboarded();
    ai.enqueue(fakeReply.json({ ...card, examples: [card.examples[0]] }), fakeReply.json(card));
    expect((await generate(user, 'manzana')).status).toBe(200);
    expect(ai.requests).toHaveLength(2);
    expect(JSON.stringify(ai.requests[1]?.body)).toMatch(/example/i);
  });

  it('refuses blank, huge, control-character and wrongly typed words before any AI call', async () => {
    const user = await onboarded();
    for (const word of ['   ', 'x'.repeat(101), 'a\u0000b', 42, null, ['a']]) {
      expect((await generate(user, word)).status).toBe(400);
    }
    expect(ai.requests).toHaveLength(0);
  });

  it('counts generations against the learner’s quota: the 11th in a minute is refused', async () => {
    const user = await onboarded();
    const other = await onboarded();
    for (let i = 0; i < AI_QUOTAS.wordGeneration.max; i++) {
      ai.enqueue(fakeReply.json(card));
      expect((await generate(user, `palabra ${i}`)).status).toBe(200);
    }
    const refused = await generate(user, 'una más');
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as Envelope;
    expect(body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(body.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(ai.requests).toHaveLength(AI_QUOTAS.wordGeneration.max);
    // Another learner has a budget of their own.
    ai.enqueue(fakeReply.json(card));
    expect((await generate(other, 'manzana')).status).toBe(200);
  });

  it('counts only the cards written: failed generations leave the quota untouched', async () => {
    const user = await onboarded();
    // More failures than the whole minute's budget.
    for (let i = 0; i < AI_QUOTAS.wordGeneration.max + 2; i++) {
      ai.enqueue(fakeReply.status(500));
      expect((await generate(user, `fallo ${i}`)).status).toBe(502);
    }
    for (let i = 0; i < AI_QUOTAS.wordGeneration.max; i++) {
      ai.enqueue(fakeReply.json(card));
      expect((await generate(user, `palabra ${i}`)).status).toBe(200);
    }
    const before = ai.requests.length;
    const refused = await generate(user, 'una más');
    expect(refused.status).toBe(429);
    expect(ai.requests).toHaveLength(before);
    // A refused call gives its use back too: after the window, a full budget again.
    const rows = await t.db
      .select({ count: schema.rateLimits.count })
      .from(schema.rateLimits)
      .where(eq(schema.rateLimits.key, `ai:word:${user.id}`));
    expect(rows).toEqual([{ count: AI_QUOTAS.wordGeneration.max }]);
  });

  it('says the learner’s own cap in other words than the provider’s 429', async () => {
    const user = await onboarded();
    ai.enqueue(fakeReply.status(429, { 'retry-after': '7' }));
    const provider = (await (await generate(user, 'gato')).json()) as Envelope;
    expect(provider.error).toMatchObject({
      code: 'AI_RATE_LIMITED',
      message: 'Rate limit reached',
    });

    for (let i = 0; i < AI_QUOTAS.wordGeneration.max; i++) {
      ai.enqueue(fakeReply.json(card));
      expect((await generate(user, `palabra ${i}`)).status).toBe(200);
    }
    const own = (await (await generate(user, 'perro')).json()) as Envelope;
    expect(own.error.code).toBe('TOO_MANY_REQUESTS');
    expect(own.error.message).toMatch(
      /^Please wait \d+ seconds? before generating more words\.$|^Please wait 1 minute before generating more words\.$/,
    );
    expect(own.error.message).not.toContain('Rate limit');
  });

  it('counts each provider call against the daily quota, the retry after an invalid card too', async () => {
    const capped = await TestHarness.onDatabase(t.database, {
      env: {
        AI_BASE_URL: ai.url,
        AI_MODEL: 'fake-model',
        AI_DAILY_LIMIT: '3',
        AUTH_RATE_LIMIT_SIGN_UP: '1000',
      },
      aiTimeoutMs: 1_000,
    });
    const user = await onboarded();
    const ask = (word: string) =>
      capped.request('/api/words/generate', {
        method: 'POST',
        cookie: user.cookie,
        json: { word },
      });
    // An invalid card and its retry: two calls for one request.
    ai.enqueue(fakeReply.json({ ...card, examples: [card.examples[0]] }), fakeReply.json(card));
    expect((await ask('manzana')).status).toBe(200);
    ai.enqueue(fakeReply.json(card));
    expect((await ask('pera')).status).toBe(200);
    expect(ai.requests).toHaveLength(3);
    // The quota of three calls is spent after two requests; the provider is not asked again.
    ai.enqueue(fakeReply.json(card));
    const refused = await ask('uva');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Envelope).error.code).toBe('TOO_MANY_REQUESTS');
    expect(ai.requests).toHaveLength(3);
  });

  it('stops before a retry the daily quota has no room for', async () => {
    const capped = await TestHarness.onDatabase(t.database, {
      env: {
        AI_BASE_URL: ai.url,
        AI_MODEL: 'fake-model',
        AI_DAILY_LIMIT: '1',
        AUTH_RATE_LIMIT_SIGN_UP: '1000',
      },
      aiTimeoutMs: 1_000,
    });
    const user = await onboarded();
    ai.enqueue(fakeReply.json({ ...card, examples: [card.examples[0]] }), fakeReply.json(card));
    const response = await capped.request('/api/words/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'manzana' },
    });
    expect(response.status).toBe(429);
    expect(ai.requests).toHaveLength(1);
    expect(await countWords(user)).toBe(0);
  });

  it('holds the quota across a learner’s sessions and server processes', async () => {
    const user = await onboarded();
    const second = await TestHarness.onDatabase(
      t.database,
      {
        env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AUTH_RATE_LIMIT_SIGN_UP: '1000' },
        aiTimeoutMs: 1_000,
      },
      await t.database.connectAgain(),
    );
    const signIn = await second.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: GOOD_PASSWORD },
    });
    const otherSession = sessionCookie(signIn);
    expect(otherSession).not.toBe(user.cookie);
    for (let i = 0; i < AI_QUOTAS.wordGeneration.max; i++) {
      ai.enqueue(fakeReply.json(card));
      const [on, cookie] = i % 2 === 0 ? [t, user.cookie] : [second, otherSession];
      const response = await on.request('/api/words/generate', {
        method: 'POST',
        cookie,
        json: { word: `palabra ${i}` },
      });
      expect(response.status).toBe(200);
    }
    const refused = await second.request('/api/words/generate', {
      method: 'POST',
      cookie: otherSession,
      json: { word: 'una más' },
    });
    expect(refused.status).toBe(429);
  });

  it('says so when no provider is configured', async () => {
    const bare = await TestHarness.onDatabase(t.database);
    const user = await bare.signUp();
    const response = await bare.request('/api/words/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: { word: 'manzana' },
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as Envelope).error).toMatchObject({
      code: 'AI_NOT_CONFIGURED',
      message: AI_TEXT.notConfigured,
    });
  });
});

describe('saving words', () => {
  it('saves an AI card, counts it on the profile, and a retried save is a no-op', async () => {
    const user = await onboarded();
    const id = randomUUID();
    const body = { id, ...card };
    const first = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: body,
    });
    expect(first.status).toBe(201);
    const saved = (await first.json()) as Word;
    expect(saved).toMatchObject({
      id,
      word: 'la manzana',
      themes: ['Food & Dining'],
      mastered: false,
    });
    const again = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: body,
    });
    expect(again.status).toBe(200);
    expect(await countWords(user)).toBe(1);
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({ totalWords: 1 });
  });

  it('answers a double tap (the same save sent at once, several times) with one saved word', async () => {
    const user = await onboarded();
    const body = { id: randomUUID(), ...card };
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.request('/api/words', { method: 'POST', cookie: user.cookie, json: body }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    for (const response of responses) {
      expect(await response.json()).toMatchObject({ id: body.id, word: 'la manzana' });
    }
    expect(await countWords(user)).toBe(1);
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({ totalWords: 1 });
  });

  it('saves a hand-written card with only a word and a translation', async () => {
    const user = await onboarded();
    const response = await save(user, { word: 'el perro', translation: 'dog' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      word: 'el perro',
      translation: 'dog',
      ipa: null,
      examples: [],
      themes: [],
      cefrLevel: null,
    });
  });

  it('refuses a word already in the collection, in any case, naming the existing card', async () => {
    const user = await onboarded();
    const first = (await (await save(user, { word: 'Gato', translation: 'cat' })).json()) as Word;
    const duplicate = await save(user, { word: 'gATO', translation: 'cat' });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as Envelope).error).toMatchObject({
      message: WORD_TEXT.duplicate,
      resourceId: first.id,
    });
    ai.enqueue(fakeReply.json(card));
    const generated = await generate(user, 'gato');
    expect(generated.status).toBe(409);
    expect(ai.requests).toHaveLength(0);
    // Another learner may have the same word.
    expect((await save(await onboarded(), { word: 'gato', translation: 'cat' })).status).toBe(201);
  });

  it.each<[string, Record<string, unknown>]>([
    ['no translation', { word: 'casa' }],
    ['a blank translation', { word: 'casa', translation: '   ' }],
    ['a NUL byte', { word: 'ca\u0000sa', translation: 'house' }],
    ['an unknown theme', { word: 'casa', translation: 'house', themes: ['Wizardry'] }],
    ['an unknown CEFR level', { word: 'casa', translation: 'house', cefrLevel: 'D9' }],
    [
      'a 10,000-character mnemonic',
      { word: 'casa', translation: 'house', mnemonic: 'm'.repeat(10_000) },
    ],
    ['an unknown field', { word: 'casa', translation: 'house', mastered: true }],
    ['a wrongly typed example', { word: 'casa', translation: 'house', examples: ['una casa'] }],
  ])('refuses a card with %s and saves nothing', async (_, body) => {
    const user = await onboarded();
    expect((await save(user, body)).status).toBe(400);
    expect(await countWords(user)).toBe(0);
  });

  it('keeps script tags, emoji and right-to-left text as text', async () => {
    const user = await onboarded('en', 'ar');
    for (const [word, translation] of [
      ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>'],
      ['كتاب', 'book 📚'],
    ]) {
      const response = await save(user, { word, translation });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ word, translation });
    }
  });

  it('lists every word exactly as it reads alone, whatever characters its card holds', async () => {
    const user = await onboarded('en', 'ja');
    const cards = [
      { ...card, word: '猫 "neko" \\ 🐈', reading: 'ねこ', synonyms: ['ネコ', 'にゃんこ'] },
      { word: 'كتاب', translation: 'book 📚', examples: [], synonyms: [], themes: [] },
    ];
    const saved: Word[] = [];
    for (const body of cards) {
      const response = await save(user, body);
      expect(response.status).toBe(201);
      saved.unshift((await response.json()) as Word);
    }
    await t.request(`/api/words/${saved[0]?.id}`, {
      method: 'PATCH',
      cookie: user.cookie,
      json: { isFavorite: true },
    });
    const listed = await t.request('/api/words', { cookie: user.cookie });
    expect(listed.headers.get('content-type')).toMatch(/^application\/json/);
    const page = wordListSchema.strict().parse(await listed.json());
    expect(page.hasMore).toBe(false);
    for (const word of page.words) {
      const alone = await t.request(`/api/words/${word.id}`, { cookie: user.cookie });
      expect(word).toStrictEqual(wordSchema.strict().parse(await alone.json()));
    }
    expect(page.words.map((w) => w.id)).toEqual(saved.map((w) => w.id));
  });
});

describe('changing and deleting words', () => {
  it('edits a card, marks it favorite, and refuses renaming it to another saved word', async () => {
    const user = await onboarded();
    const word = (await (await save(user, { word: 'sol', translation: 'sun' })).json()) as Word;
    await save(user, { word: 'luna', translation: 'moon' });
    const edited = await t.request(`/api/words/${word.id}`, {
      method: 'PATCH',
      cookie: user.cookie,
      json: { translation: 'the sun', mnemonic: 'Solar', isFavorite: true },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      translation: 'the sun',
      mnemonic: 'Solar',
      isFavorite: true,
    });
    const renamed = await t.request(`/api/words/${word.id}`, {
      method: 'PATCH',
      cookie: user.cookie,
      json: { word: 'LUNA' },
    });
    expect(renamed.status).toBe(409);
    const read = await t.request(`/api/words/${word.id}`, { cookie: user.cookie });
    expect(await read.json()).toMatchObject({ word: 'sol', translation: 'the sun' });
  });

  it('deletes a word once; the profile count follows', async () => {
    const user = await onboarded();
    const word = (await (await save(user, { word: 'agua', translation: 'water' })).json()) as Word;
    const path = `/api/words/${word.id}`;
    expect((await t.request(path, { method: 'DELETE', cookie: user.cookie })).status).toBe(200);
    expect((await t.request(path, { method: 'DELETE', cookie: user.cookie })).status).toBe(404);
    expect((await t.request(path, { cookie: user.cookie })).status).toBe(404);
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({ totalWords: 0 });
  });

  it('answers 404 for another learner’s word, whatever the method, and changes nothing', async () => {
    const owner = await onboarded();
    const intruder = await onboarded();
    const word = (await (
      await save(owner, { word: 'secreto', translation: 'secret' })
    ).json()) as Word;
    const path = `/api/words/${word.id}`;
    expect((await t.request(path, { cookie: intruder.cookie })).status).toBe(404);
    expect(
      (
        await t.request(path, {
          method: 'PATCH',
          cookie: intruder.cookie,
          json: { isFavorite: true },
        })
      ).status,
    ).toBe(404);
    expect((await t.request(path, { method: 'DELETE', cookie: intruder.cookie })).status).toBe(404);
    expect(await (await t.request(path, { cookie: owner.cookie })).json()).toMatchObject({
      isFavorite: false,
    });
    // Reusing the owner's id to save a card of one's own is refused too.
    const reuse = await t.request('/api/words', {
      method: 'POST',
      cookie: intruder.cookie,
      json: { id: word.id, word: 'mío', translation: 'mine' },
    });
    expect(reuse.status).toBe(409);
    expect(await (await t.request(path, { cookie: owner.cookie })).json()).toMatchObject({
      word: 'secreto',
    });
  });
});

describe('listing the collection', () => {
  let learner: TestUser;
  const TOTAL = 1_000;

  beforeAll(async () => {
    learner = await onboarded();
    // Seeded directly: the list is what is under test, not a thousand saves.
    const now = Date.UTC(2026, 0, 1);
    await t.db.insert(schema.words).values(
      Array.from({ length: TOTAL }, (_, i) => ({
        userId: learner.id,
        word: `palabra ${String(i).padStart(4, '0')}`,
        translation: i % 10 === 0 ? `Special word ${i}` : `word ${i}`,
        createdAt: new Date(now + i * 60_000),
        nextReviewDate: new Date(now + ((i * 7919) % TOTAL) * 3_600_000),
        mastered: i % 4 === 0,
        isFavorite: i % 25 === 0,
      })),
    );
    // The counters saves keep (words.service.ts), set here as a thousand saves would have.
    await t.db
      .update(schema.profiles)
      .set({ totalWords: TOTAL, masteredWords: TOTAL / 4 })
      .where(eq(schema.profiles.id, learner.id));
    await save(await onboarded(), { word: 'palabra 0001', translation: 'not yours' });
  });

  const list = async (query: string) => {
    const response = await t.request(`/api/words?${query}`, { cookie: learner.cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as WordList;
  };
  /** Every word of a list, page by page until one says no more follow. */
  const listAll = async (query: string) => {
    const all: WordList['words'] = [];
    for (let page = await list(`${query}&limit=100`); ;) {
      all.push(...page.words);
      if (!page.hasMore) return all;
      page = await list(`${query}&limit=100&offset=${all.length}`);
    }
  };

  it('pages through every word, newest first, saying whether more follow', async () => {
    const seen = new Set<string>();
    let previous = Infinity;
    for (let offset = 0; offset < TOTAL; offset += 50) {
      const page = await list(`limit=50&offset=${offset}`);
      expect(page.hasMore).toBe(offset + 50 < TOTAL);
      expect(page.collection).toEqual({ words: TOTAL, mastered: 250 });
      for (const word of page.words) {
        const created = Date.parse(word.createdAt);
        expect(created).toBeLessThan(previous);
        previous = created;
        seen.add(word.id);
      }
    }
    expect(seen.size).toBe(TOTAL);
    expect(await list(`offset=${TOTAL}`)).toMatchObject({ words: [], hasMore: false });
    // A page that ends exactly at the last word says so.
    expect((await list(`limit=50&offset=${TOTAL - 50}`)).hasMore).toBe(false);
    expect((await list(`limit=50&offset=${TOTAL - 51}`)).hasMore).toBe(true);
  });

  it('sorts A-Z and by next review', async () => {
    const az = (await list('sort=alphabetical&limit=100')).words.map((w) => w.word);
    expect(az).toEqual([...az].sort());
    expect(az[0]).toBe('palabra 0000');
    const due = (await list('sort=review&limit=100')).words.map((w) =>
      Date.parse(w.nextReviewDate),
    );
    expect(due).toEqual([...due].sort((a, b) => a - b));
  });

  it('sorts A-Z past a leading article, accents and case beside their letter', async () => {
    const user = await onboarded();
    const spellings = ['die Katze', 'Zebra', 'el árbol', 'the zoo', "l'eau", 'banana', 'Ärger']
      .concat(['la casa', 'der Apfel', 'Eclair', 'über', 'ufo', 'das Boot', 'los árboles'])
      .concat(['le', 'The']);
    for (const word of spellings) await save(user, { word, translation: `${word} (en)` });
    const response = await t.request('/api/words?sort=alphabetical&limit=50', {
      cookie: user.cookie,
    });
    const { words } = (await response.json()) as WordList;
    const order = [
      'der Apfel',
      'el árbol',
      'los árboles',
      'Ärger',
      'banana',
      'das Boot',
      'la casa',
      "l'eau",
      'Eclair',
      'die Katze',
      // An article alone is the word itself.
      'le',
      'The',
      'über',
      'ufo',
      'Zebra',
      'the zoo',
    ];
    expect(words.map((w) => w.word)).toEqual(order);
    // The order the browser's own collation gives for the words without their articles.
    const collator = new Intl.Collator('und');
    const keys = order.map((w) => w.replace(/^((der|die|das|the|el|los|la)\s+|l')/i, ''));
    expect([...keys].sort(collator.compare)).toEqual(keys);
  });

  it('filters learning, mastered and favorite words', async () => {
    const mastered = await listAll('filter=mastered');
    expect(mastered).toHaveLength(250);
    expect(mastered.every((w) => w.mastered)).toBe(true);
    const learning = await listAll('filter=learning');
    expect(learning).toHaveLength(750);
    expect(learning.some((w) => w.mastered)).toBe(false);
    const favorites = await listAll('filter=favorites');
    expect(favorites).toHaveLength(40);
    expect(favorites.every((w) => w.isFavorite)).toBe(true);
  });

  it('searches word and translation without regard to case, and only this learner’s words', async () => {
    const special = await listAll(`search=${encodeURIComponent('SPECIAL')}`);
    expect(special).toHaveLength(100);
    expect(special.every((w) => w.translation.startsWith('Special word'))).toBe(true);
    const one = await list(`search=${encodeURIComponent('palabra 0001')}`);
    expect(one.words.map((w) => w.translation)).toEqual(['word 1']);
    expect(one.hasMore).toBe(false);
    expect(await list(`search=${encodeURIComponent('100%_')}`)).toMatchObject({
      words: [],
      hasMore: false,
    });
    expect(await listAll('search=special&filter=mastered')).toHaveLength(50);
  });

  it('searches accented and non-Latin letters without regard to case, never across word and translation', async () => {
    const user = await onboarded('en', 'el');
    await save(user, { word: 'ΣΊΣΥΦΟΣ Árbol', translation: 'Sisyphus tree' });
    const search = async (text: string) => {
      const response = await t.request(`/api/words?search=${encodeURIComponent(text)}`, {
        cookie: user.cookie,
      });
      return ((await response.json()) as WordList).words.length;
    };
    expect(await search('σίσυφοσ árbol')).toBe(1);
    expect(await search('ÁRBOL')).toBe(1);
    expect(await search('TREE')).toBe(1);
    expect(await search('árbol sisyphus')).toBe(0);
  });

  it('refuses a bad query', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'offset=-1',
      'sort=random',
      'filter=x',
      'evil=1',
    ]) {
      const response = await t.request(`/api/words?${query}`, { cookie: learner.cookie });
      expect(response.status).toBe(400);
    }
  });
});
