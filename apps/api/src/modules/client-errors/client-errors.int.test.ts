import { Writable } from 'node:stream';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_RATE_LIMIT } from '@verba/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger.ts';
import { TestHarness } from '../../testing/harness.ts';
import { CLIENT_ERROR_ADDRESS_LIMIT, CLIENT_ERROR_LOGGED } from './client-errors.service.ts';

const lines: string[] = [];
let t: TestHarness;
/** The same API behind a proxy we trust, so each test can send from an address of its own. */
let proxied: TestHarness;
beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await TestHarness.start({ logger: createLogger('warn', destination) });
  proxied = await TestHarness.onDatabase(t.database, {
    env: { TRUST_PROXY: 'true' },
    logger: createLogger('warn', destination),
  });
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

describe('POST /api/client-errors, bounded in the log', () => {
  const reported = () =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; clientError?: Record<string, unknown> })
      .filter((l) => l.msg === 'client error reported');
  const send = (cookie: string, address: string, body: Record<string, unknown>) =>
    proxied.request('/api/client-errors', {
      method: 'POST',
      cookie,
      json: body,
      headers: { 'x-forwarded-for': address },
    });

  it('cuts a report of the largest accepted size to a few KB, keeping its start', async () => {
    const user = await proxied.signUp();
    lines.length = 0;
    const stack = `Error: boom\n${'    at frame (app.js:1:2)\n'.repeat(CLIENT_ERROR_LIMITS.stack / 26)}`;
    const response = await send(
      user.cookie,
      '198.51.100.1',
      event({
        error_message: 'm'.repeat(CLIENT_ERROR_LIMITS.message),
        error_stack: stack.slice(0, CLIENT_ERROR_LIMITS.stack),
        metadata: Object.fromEntries(
          Array.from({ length: CLIENT_ERROR_LIMITS.metadataKeys }, (_, i) => [
            `field${i}`,
            'v'.repeat(CLIENT_ERROR_LIMITS.metadataValue),
          ]),
        ),
      }),
    );
    expect(response.status).toBe(202);
    const [report] = reported();
    const logged = report?.clientError as { message: string; stack: string; metadata: object };
    expect(logged.stack.startsWith('Error: boom\n    at frame (app.js:1:2)')).toBe(true);
    expect(logged.stack).toMatch(/… \[\d+ more\]$/);
    expect(logged.stack.length).toBeLessThan(CLIENT_ERROR_LOGGED.stack + 20);
    expect(logged.message.length).toBeLessThan(CLIENT_ERROR_LOGGED.message + 20);
    // Everything the request could carry was over 20 KB; the log line is a quarter of that.
    expect(lines.join('').length).toBeLessThan(6 * 1024);
  });

  it('logs identical reports from one learner once, and a different failure again', async () => {
    const user = await proxied.signUp();
    const other = await proxied.signUp();
    lines.length = 0;
    const failure = event({ error_message: 'Cannot read properties of undefined (reading "x")' });
    for (let i = 0; i < 5; i++) {
      // The same failure sent again later: only its time differs.
      const again = { ...failure, timestamp: new Date(Date.now() + i * 1000).toISOString() };
      expect((await send(user.cookie, '198.51.100.2', again)).status).toBe(202);
    }
    expect(reported()).toHaveLength(1);
    expect((await send(other.cookie, '198.51.100.2', failure)).status).toBe(202);
    const changed = { ...failure, error_message: 'Failed to fetch' };
    expect((await send(user.cookie, '198.51.100.2', changed)).status).toBe(202);
    expect(reported().map((r) => [r.clientError?.userId, r.clientError?.message])).toEqual([
      [user.id, failure.error_message],
      [other.id, failure.error_message],
      [user.id, 'Failed to fetch'],
    ]);
  });

  it('is rate limited per address, however many learners report from it', async () => {
    const perLearner = CLIENT_ERROR_RATE_LIMIT.max / 2;
    const learners = await Promise.all(
      Array.from({ length: Math.ceil(CLIENT_ERROR_ADDRESS_LIMIT.max / perLearner) + 1 }, () =>
        proxied.signUp(),
      ),
    );
    let accepted = 0;
    for (const learner of learners.slice(0, -1))
      for (let i = 0; i < perLearner && accepted < CLIENT_ERROR_ADDRESS_LIMIT.max; i++) {
        expect((await send(learner.cookie, '198.51.100.3', event())).status).toBe(202);
        accepted += 1;
      }
    const fresh = learners.at(-1)?.cookie ?? '';
    const refused = await send(fresh, '198.51.100.3', event());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await send(fresh, '198.51.100.4', event())).status).toBe(202);
  });
});
