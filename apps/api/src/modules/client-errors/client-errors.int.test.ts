import { Writable } from 'node:stream';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_RATE_LIMIT } from '@verba/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { TestHarness } from '../../testing/harness.ts';

const lines: string[] = [];
let t: TestHarness;
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await TestHarness.start({ logger: createLogger('warn', destination) });
});
afterAll(() => t.close());

const event = (extra: Record<string, unknown> = {}) => ({
  error_message: 'Request failed (503)',
  error_stack: 'Error: Request failed\n    at load (app.js:1:2)',
  component: 'API',
  action: '/api/words',
  timestamp: new Date().toISOString(),
  metadata: { status_code: 503, endpoint: '/api/words?search=x' },
  ...extra,
});

describe('POST /api/client-errors', () => {
  it('writes the report to the log with the learner, and no secrets', async () => {
    const user = await t.signUp();
    lines.length = 0;
    const response = await t.request('/api/client-errors', {
      method: 'POST',
      cookie: user.cookie,
      json: event({
        error_message: 'Failed https://x.test/cb?token=abc123secret&ok=1 for ana@example.com',
        error_stack: 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlMTIz',
        metadata: {
          status_code: 503,
          endpoint: '/api/words?search=private-word',
          password: 'hunter2hunter2',
          route: '/app/words',
        },
      }),
    });
    expect(response.status).toBe(202);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const report = logged.find((l) => l.msg === 'client error reported');
    expect(report).toMatchObject({
      clientError: {
        userId: user.id,
        component: 'API',
        action: '/api/words',
        statusCode: 503,
        endpoint: '/api/words',
        metadata: { route: '/app/words', password: '[redacted]' },
      },
    });
    const text = lines.join('\n');
    for (const secret of [
      'abc123secret',
      'ana@example.com',
      'eyJhbGciOiJIUzI1NiJ9',
      'hunter2',
      'private-word',
    ])
      expect(text).not.toContain(secret);
  });

  it.each([
    ['a missing message', { error_message: undefined }],
    ['an empty message', { error_message: '' }],
    ['a message over the cap', { error_message: 'm'.repeat(CLIENT_ERROR_LIMITS.message + 1) }],
    ['a stack over the cap', { error_stack: 's'.repeat(CLIENT_ERROR_LIMITS.stack + 1) }],
    ['a component over the cap', { component: 'c'.repeat(CLIENT_ERROR_LIMITS.component + 1) }],
    ['a timestamp that is not one', { timestamp: 'yesterday' }],
    ['an unknown field', { cookie: 'x' }],
    ['nested metadata', { metadata: { nested: { a: 1 } } }],
    [
      'too many metadata fields',
      { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) },
    ],
    [
      'a metadata value over the cap',
      { metadata: { note: 'v'.repeat(CLIENT_ERROR_LIMITS.metadataValue + 1) } },
    ],
  ])('refuses %s', async (_name, extra) => {
    const user = await t.signUp();
    const response = await t.request('/api/client-errors', {
      method: 'POST',
      cookie: user.cookie,
      json: event(extra),
    });
    expect(response.status).toBe(400);
  });

  it('refuses a body over the API-wide size cap', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/client-errors', {
      method: 'POST',
      cookie: user.cookie,
      json: event({ error_stack: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('is rate limited per learner', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const send = (cookie: string) =>
      t.request('/api/client-errors', { method: 'POST', cookie, json: event() });
    for (let i = 0; i < CLIENT_ERROR_RATE_LIMIT.max; i++)
      expect((await send(user.cookie)).status).toBe(202);
    expect((await send(user.cookie)).status).toBe(429);
    expect((await send(other.cookie)).status).toBe(202);
  });
});
