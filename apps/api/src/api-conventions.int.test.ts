import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { MAX_JSON_BODY_BYTES } from '@verba/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, TEST_PUBLIC_URL, type TestUser } from './testing/harness.ts';

let t: TestHarness;
let user: TestUser;
beforeAll(async () => {
  t = await TestHarness.start();
  user = await t.signUp();
});
afterAll(() => t.close());

interface Envelope {
  error: { code: string; message: string; requestId: string };
}

async function expectError(
  response: Response,
  status: number,
  code: string,
): Promise<Envelope['error']> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const text = await response.text();
  // Never a stack trace, a file path or a driver message in a response.
  expect(text).not.toMatch(/\bat .+\(|node_modules|\.ts:\d+|stack/i);
  const body = JSON.parse(text) as Envelope;
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  return body.error;
}

describe('JSON writes over a socket', () => {
  // Node's server hands the app a request of its own, which reads a body of declared length
  // straight from the socket; a chunked body is counted as it streams in.
  let server: ServerType;
  let base = '';
  beforeAll(
    () =>
      new Promise<void>((listening) => {
        server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
          base = `http://127.0.0.1:${info.port}`;
          listening();
        });
      }),
  );
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  const patchProfile = (body: string | ReadableStream<Uint8Array>) =>
    fetch(`${base}/api/profile`, {
      method: 'PATCH',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);

  it('reads a body of declared length', async () => {
    const response = await patchProfile(JSON.stringify({ displayName: 'Ana über Socket' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await response.json()) as { displayName: string }).displayName).toBe(
      'Ana über Socket',
    );
  });

  /** A request as curl sends it: no body, so neither Content-Length nor Transfer-Encoding. */
  const bare = (method: string, path: string, cookie?: string) =>
    new Promise<{ status: number; allow?: string; body: string }>((done, fail) => {
      const call = request(`${base}${path}`, { method, headers: cookie ? { cookie } : {} });
      call.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          done({ status: response.statusCode ?? 0, allow: response.headers.allow, body }),
        );
      });
      call.on('error', fail);
      call.end();
    });

  it('deletes a word on a DELETE without a body, sent bare or by fetch', async () => {
    for (const send of [
      (path: string) => bare('DELETE', path, user.cookie),
      (path: string) =>
        fetch(`${base}${path}`, { method: 'DELETE', headers: { cookie: user.cookie } }),
    ]) {
      const id = randomUUID();
      const saved = await t.request('/api/words', {
        method: 'POST',
        cookie: user.cookie,
        json: { id, word: `borrar ${id}`, translation: 'delete' },
      });
      expect(saved.status).toBe(201);
      expect((await send(`/api/words/${id}`)).status).toBe(200);
      expect((await t.request(`/api/words/${id}`, { cookie: user.cookie })).status).toBe(404);
    }
  });

  it('answers 405 with the allowed methods to a method a known path does not take', async () => {
    const health = await bare('DELETE', '/api/health');
    expect(health.status).toBe(405);
    expect(health.allow).toBe('GET');
    expect((JSON.parse(health.body) as Envelope).error.code).toBe('METHOD_NOT_ALLOWED');
    // Before the sign-in check: an anonymous caller learns nothing the OpenAPI document hides.
    const words = await bare('PUT', '/api/words');
    expect(words.status).toBe(405);
    expect(words.allow).toBe('GET, POST');
    expect((await bare('DELETE', '/api/no-such-route')).status).toBe(404);
    expect((await bare('HEAD', '/api/health')).status).toBe(200);
  });

  it('still refuses a DELETE whose body is not JSON', async () => {
    const response = await fetch(`${base}/api/words/${randomUUID()}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      body: 'x',
    });
    await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses malformed JSON, and a declared or streamed body over the cap', async () => {
    await expectError(await patchProfile('{"displayName": "Ana",'), 400, 'BAD_REQUEST');
    const huge = JSON.stringify({ displayName: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    await expectError(await patchProfile(huge), 413, 'PAYLOAD_TOO_LARGE');
    await expectError(await patchProfile(new Blob([huge]).stream()), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('the error envelope and bad input', () => {
  it('answers unknown API paths with a JSON 404 for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request('/api/does-not-exist', {
        method,
        ...(method === 'POST' ? { json: {} } : {}),
      });
      await expectError(response, 404, 'NOT_FOUND');
    }
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json' },
      body: '{"displayName": "Ana",',
    });
    expect((await expectError(response, 400, 'BAD_REQUEST')).message).toBe(
      'The request body is not valid JSON',
    );
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'displayName=Ana'],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('rejects a %s write with 415', async (type, body) => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      headers: { 'content-type': type },
      body,
    });
    await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('rejects a write with no content type', async () => {
    const response = await t.request('/api/auth/sign-in/email', { method: 'POST', body: '{}' });
    await expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('caps body size with 413, before anything reads it', async () => {
    const huge = JSON.stringify({ displayName: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json', 'content-length': String(huge.length) },
      body: huge,
    });
    await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('caps a body sent without a declared length as it streams in', async () => {
    const huge = JSON.stringify({ displayName: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json' },
      body: new Blob([huge]).stream(),
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['an array', []],
    ['a string', 'hello'],
    ['null', null],
    ['wrong types', { analyticsEnabled: 'yes' }],
    ['unknown fields', { isAdmin: true }],
    ['an empty object', {}],
  ])('rejects %s with 400 and names the field issues', async (_label, json) => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json,
    });
    const error = await expectError(response, 400, 'VALIDATION_ERROR');
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('keeps script tags, emoji and right-to-left text as plain data', async () => {
    for (const displayName of ['<script>alert(1)</script>', 'Ana 🦊📚', 'مرحبا بالعالم']) {
      const response = await t.request('/api/profile', {
        method: 'PATCH',
        cookie: user.cookie,
        json: { displayName },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await response.json()) as { displayName: string }).displayName).toBe(displayName);
    }
  });
});

describe('cross-origin writes', () => {
  it('rejects a write from another origin', async () => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: 'Mallory' },
      headers: { origin: 'https://evil.example' },
    });
    await expectError(response, 403, 'FORBIDDEN');
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).not.toMatchObject({ displayName: 'Mallory' });
  });

  it('rejects what the browser marks cross-site even without an Origin', async () => {
    const response = await t.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    await expectError(response, 403, 'FORBIDDEN');
  });

  it('accepts writes from the public origin', async () => {
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: 'Ana' },
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(response.status).toBe(200);
  });

  it('rejects a page whose Origin matches the Host it sent but not PUBLIC_URL (DNS rebinding)', async () => {
    // A rebinding page at attacker.example:3000 resolves to this server: Origin and Host agree.
    const response = await t.request('http://attacker.example:3000/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: 'Mallory' },
      headers: { origin: 'http://attacker.example:3000', host: 'attacker.example:3000' },
    });
    await expectError(response, 403, 'FORBIDDEN');
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).not.toMatchObject({ displayName: 'Mallory' });
  });
});

describe('response headers', () => {
  it('mark every API answer, success or error, as not cacheable and not sniffable', async () => {
    for (const response of [
      await t.request('/api/profile', { cookie: user.cookie }),
      await t.request('/api/profile'),
      await t.request('/api/nope'),
    ]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('service routes', () => {
  it('reports health with the database kind', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('names the session cookie in the OpenAPI document as the browser gets it', async () => {
    const secure = await TestHarness.onDatabase(t.database, {
      env: { PUBLIC_URL: 'https://verba.example.org' },
    });
    for (const [harness, name] of [
      [t, 'better-auth.session_token'],
      [secure, '__Secure-better-auth.session_token'],
    ] as const) {
      const doc = (await (await harness.request('/api/openapi.json')).json()) as {
        components: { securitySchemes: { cookieAuth: { name: string } } };
      };
      expect(doc.components.securitySchemes.cookieAuth.name).toBe(name);
    }
  });

  it('publishes an OpenAPI document listing every route', async () => {
    const response = await t.request('/api/openapi.json');
    const doc = (await response.json()) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/auth/get-session',
        '/api/auth/sign-in/email',
        '/api/auth/sign-out',
        '/api/auth/sign-up/email',
        '/api/events',
        '/api/groups',
        '/api/groups/generate',
        '/api/groups/{id}',
        '/api/groups/{id}/restore',
        '/api/health',
        '/api/practice/feed',
        '/api/practice/offline-words',
        '/api/practice/sessions',
        '/api/practice/sessions/{id}',
        '/api/practice/sessions/{id}/answers',
        '/api/practice/sessions/{id}/undo',
        '/api/practice/sync',
        '/api/profile',
        '/api/profile/onboarding',
        '/api/profile/stats',
        '/api/suggestions',
        '/api/suggestions/add',
        '/api/suggestions/refresh',
        '/api/words',
        '/api/words/generate',
        '/api/words/{id}',
        '/api/words/{id}/restore',
        '/api/feedback',
        '/api/client-errors',
        '/api/account',
        '/api/account/password',
        '/api/account/export',
        '/api/account/export/anki',
        '/api/account/export/csv',
        '/api/account/export/tsv',
        '/api/config',
        '/api/stats',
        '/api/stats/words/{id}',
        '/api/admin',
        '/api/admin/access',
        '/api/admin/accounts/{id}',
        '/api/admin/accounts/{id}/reset-link',
        '/api/admin/invitations',
        '/api/admin/invitations/{id}',
        '/api/auth/options',
        '/api/auth/password-reset',
        '/api/auth/password-reset/request',
        '/api/auth/sso',
        '/api/auth/callback/oidc',
        '/api/auth/verify-email',
        '/api/auth/verify-email/resend',
        '/api/sso/link',
        '/api/imports',
        '/api/imports/preview',
        '/api/imports/latest',
        '/api/imports/{id}',
        '/api/enrichment',
      ].sort(),
    );
  });
});
