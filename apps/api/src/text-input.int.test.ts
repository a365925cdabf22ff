import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { NOT_PLAIN_TEXT } from '@verba/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness, type TestUser } from './testing/harness.ts';

let t: TestHarness;
let user: TestUser;
let wordId: string;
let sessionId: string;
beforeAll(async () => {
  t = await TestHarness.start();
  user = await t.signUp();
  const word = await t.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), word: 'la casa', translation: 'house' },
  });
  wordId = ((await word.json()) as { id: string }).id;
  const session = await t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
  });
  sessionId = ((await session.json()) as { id: string }).id;
});
afterAll(() => t.close());

/**
 * Every API route that takes a JSON body, with a valid body. The first test fails when the API
 * grows a route with a body that is not listed here, so every text field gets fuzzed.
 */
const WRITES: {
  method: string;
  /** As the OpenAPI document names it. */
  path: string;
  /** Where to send it, when the path has parameters. */
  url?: () => string;
  body: () => Record<string, unknown>;
  /** The body has no fields to fuzz. */
  empty?: true;
  /** Fields that take several lines: tab, line feed and carriage return are allowed there. */
  multiline?: string[];
  /** Fields with a closed format (a date, a fixed word), which answer with their own message. */
  closed?: string[];
}[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: () => ({ email: 'new-learner@example.com', password: GOOD_PASSWORD, name: 'Ana' }),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: () => ({ email: user.email, password: GOOD_PASSWORD }),
  },
  { method: 'POST', path: '/api/auth/sign-out', body: () => ({}), empty: true },
  {
    method: 'PATCH',
    path: '/api/profile',
    body: () => ({ displayName: 'Ana Lopez', nativeLanguage: 'en', targetLanguage: 'fr' }),
  },
  {
    method: 'POST',
    path: '/api/profile/onboarding',
    body: () => ({ nativeLanguage: 'en', targetLanguage: 'de' }),
  },
  { method: 'POST', path: '/api/words/generate', body: () => ({ word: 'el perro' }) },
  {
    method: 'POST',
    path: '/api/words',
    body: () => ({
      id: randomUUID(),
      word: 'el gato',
      translation: 'cat',
      ipa: 'el ˈɡato',
      reading: null,
      mnemonic: 'A cat on a mat',
      grammarType: 'noun',
    }),
  },
  {
    method: 'PATCH',
    path: '/api/words/{id}',
    url: () => `/api/words/${wordId}`,
    body: () => ({ word: 'la casita', translation: 'little house', mnemonic: 'Small' }),
  },
  {
    method: 'POST',
    path: '/api/practice/sessions',
    body: () => ({ id: randomUUID(), mode: 'infinity', timeZone: 'Europe/Madrid' }),
  },
  {
    method: 'POST',
    path: '/api/practice/sessions/{id}/answers',
    url: () => `/api/practice/sessions/${sessionId}/answers`,
    body: () => ({
      id: randomUUID(),
      itemIndex: 0,
      answer: { type: 'spelling', text: 'la casa' },
      responseTimeMs: 1_000,
    }),
  },
  {
    method: 'POST',
    path: '/api/practice/sessions/{id}/undo',
    url: () => `/api/practice/sessions/${sessionId}/undo`,
    body: () => ({ answerId: randomUUID() }),
    closed: ['answerId'],
  },
  // Its entries are checked one by one and a bad one is refused with its reason in the answer
  // (practice/sync.int.test.ts checks a spelling with a control character).
  {
    method: 'POST',
    path: '/api/practice/sync',
    body: () => ({ entries: [{ kind: 'complete', id: randomUUID() }] }),
    empty: true,
  },
  {
    method: 'POST',
    path: '/api/feedback',
    body: () => ({ feedbackType: 'bug', message: 'The list jumps when I scroll' }),
    multiline: ['message'],
    closed: ['feedbackType'],
  },
  {
    method: 'POST',
    path: '/api/client-errors',
    body: () => ({
      error_message: 'Request failed',
      error_stack: 'Error: Request failed',
      component: 'API',
      action: '/api/words',
      timestamp: new Date().toISOString(),
    }),
    multiline: ['error_message', 'error_stack'],
    closed: ['timestamp'],
  },
  {
    method: 'POST',
    path: '/api/account/password',
    body: () => ({ currentPassword: GOOD_PASSWORD, newPassword: 'quiet-meadow-compass-77' }),
  },
  { method: 'POST', path: '/api/groups/generate', body: () => ({}), empty: true },
  { method: 'POST', path: '/api/suggestions/add', body: () => ({ word: 'el pájaro' }) },
  {
    method: 'DELETE',
    path: '/api/account',
    body: () => ({ confirmation: 'DELETE' }),
    closed: ['confirmation'],
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/request',
    body: () => ({ email: 'someone@example.com' }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    body: () => ({ token: 'a'.repeat(32), newPassword: 'quiet-meadow-compass-77' }),
    closed: ['token'],
  },
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    body: () => ({ token: 'a'.repeat(40) }),
    closed: ['token'],
  },
  {
    method: 'POST',
    path: '/api/auth/sso',
    body: () => ({ invitation: 'a'.repeat(32) }),
    closed: ['invitation'],
  },
  { method: 'POST', path: '/api/sso/link', body: () => ({}), empty: true },
  // Uploads: the body is a file, whose rows are checked as cards are (imports.int.test.ts).
  { method: 'POST', path: '/api/imports/preview', body: () => ({}), empty: true },
  { method: 'POST', path: '/api/imports', body: () => ({}), empty: true },
  { method: 'POST', path: '/api/auth/verify-email/resend', body: () => ({}), empty: true },
  // The install's first account (this test's learner) is its admin.
  {
    method: 'PATCH',
    path: '/api/admin/accounts/{id}',
    url: () => `/api/admin/accounts/${user.id}`,
    body: () => ({ disabled: true }),
    empty: true,
  },
  {
    method: 'POST',
    path: '/api/admin/accounts/{id}/reset-link',
    url: () => `/api/admin/accounts/${user.id}/reset-link`,
    body: () => ({}),
    empty: true,
  },
  {
    method: 'POST',
    path: '/api/admin/invitations',
    body: () => ({ maxUses: 1, expiresInDays: 7 }),
    empty: true,
  },
];

/** Fields with a closed format (ids, languages, modes, time zones) name their own problem. */
const CLOSED_FORMAT = new Set(['id', 'mode', 'timeZone']);

const BAD = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000B',
  '\u001B[31m',
  '\u007F',
  '\u0085',
  '\uD800',
  '\uDFFF',
  '\uDC00\uD800',
  // A right-to-left override and an isolate: they make text read in another order than stored.
  'exe.\u202Etxt',
  '\u2066',
  'line\nbreak',
  'tab\there',
  'carriage\rreturn',
];

describe('text in every JSON body', () => {
  it('covers every route that takes a JSON body', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content?: object } }>>;
    };
    const withBody = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody?.content)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withBody.sort()).toEqual(WRITES.map((w) => `${w.method} ${w.path}`).sort());
  });

  it.each(WRITES.filter((w) => !w.empty))(
    '$method $path refuses control characters and lone surrogates in each field with a 400, storing nothing',
    async ({ method, path, url, body, multiline = [], closed = [] }) => {
      const usersBefore = await t.db.select({ n: count() }).from(schema.user);
      const [profileBefore] = await t.db
        .select()
        .from(schema.profiles)
        .where(eq(schema.profiles.id, user.id));
      for (const [field, valid] of Object.entries(body())) {
        if (typeof valid !== 'string') continue;
        for (const bad of BAD) {
          if (multiline.includes(field) && /^[^\p{Cc}]*[\t\n\r][^\p{Cc}]*$/u.test(bad)) continue;
          // Alone, and inside a valid value (whitespace controls alone are simply trimmed away).
          const values = [`${valid.slice(0, 1)}${bad}${valid.slice(1)}`];
          if (bad.trim() === bad) values.push(bad);
          for (const value of values) {
            const response = await t.request(url?.() ?? path, {
              method,
              cookie: user.cookie,
              json: { ...body(), [field]: value },
            });
            const label = `${field} = ${JSON.stringify(value)}`;
            expect(response.status, label).toBe(400);
            const { error } = (await response.json()) as {
              error: { code: string; message: string; issues: { path: string }[] };
            };
            expect(error.code, label).toBe('VALIDATION_ERROR');
            expect(error.issues[0]?.path, label).toBe(field);
            // Languages and ids have closed formats; every free-text field names the problem.
            if (
              !field.endsWith('Language') &&
              !CLOSED_FORMAT.has(field) &&
              !closed.includes(field)
            ) {
              expect(error.message, label).toBe(NOT_PLAIN_TEXT);
            }
          }
        }
      }
      expect(await t.db.select({ n: count() }).from(schema.user)).toEqual(usersBefore);
      const [profileAfter] = await t.db
        .select()
        .from(schema.profiles)
        .where(eq(schema.profiles.id, user.id));
      expect(profileAfter).toEqual(profileBefore);
    },
  );

  it('answers the NUL display name that used to fail with a 400, and keeps the old name', async () => {
    await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: 'Ana' },
    });
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: 'a\u0000b' },
    });
    expect(response.status).toBe(400);
    const profile = (await (await t.request('/api/profile', { cookie: user.cookie })).json()) as {
      displayName: string;
    };
    expect(profile.displayName).toBe('Ana');
  });

  it('still accepts text in any script, with emoji and surrounding whitespace trimmed', async () => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: '  Zoë 日本 👩🏽‍🏫 مرحبا \n' },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { displayName: string }).displayName).toBe(
      'Zoë 日本 👩🏽‍🏫 مرحبا',
    );
  });
});

describe('invisible and direction-changing characters', () => {
  const patchName = (displayName: string) =>
    t.request('/api/profile', { method: 'PATCH', cookie: user.cookie, json: { displayName } });

  it('refuses a display name with a zero-width or direction character, keeping the old name', async () => {
    expect((await patchName('Ana')).status).toBe(200);
    for (const displayName of [
      'An\u200Ba',
      'Ana\u200D',
      '\u2060Ana',
      'An\uFEFFa',
      'Ana\u202Eelif',
    ]) {
      const response = await patchName(displayName);
      expect(response.status, JSON.stringify(displayName)).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    const signUp = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'hidden-name@example.com', password: GOOD_PASSWORD, name: 'Bo\u200Bb' },
    });
    expect(signUp.status).toBe(400);
    const profile = (await (await t.request('/api/profile', { cookie: user.cookie })).json()) as {
      displayName: string;
    };
    expect(profile.displayName).toBe('Ana');
    // An emoji drawn with joiners is visible, so a name may have one.
    expect((await patchName('Ana 👩🏽\u200D🏫')).status).toBe(200);
  });

  it('keeps the joiners a word needs (Persian, Hindi) and refuses an override in a word', async () => {
    for (const [word, translation] of [
      ['می\u200Cخواهم', 'I want'],
      ['क्\u200Dष', 'kṣa'],
    ]) {
      const response = await t.request('/api/words', {
        method: 'POST',
        cookie: user.cookie,
        json: { id: randomUUID(), word, translation },
      });
      expect(response.status, word).toBe(201);
      expect(((await response.json()) as { word: string }).word).toBe(word);
    }
    const spoofed = await t.request('/api/words', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), word: 'house\u202Eesuoh', translation: 'house' },
    });
    expect(spoofed.status).toBe(400);
  });
});
