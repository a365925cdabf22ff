import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness, uniqueEmail } from '../testing/harness.ts';
import { createLogger } from './logger.ts';

let lines = '';
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines += String(chunk);
    done();
  },
});

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ logger: createLogger('trace', sink) });
});
afterAll(() => t.close());

describe('logs', () => {
  it('record each request with its id, and never a password, cookie or token', async () => {
    const email = uniqueEmail();
    const signUp = await t.request('/api/auth/sign-up/email?token=query-secret', {
      method: 'POST',
      json: { email, password: GOOD_PASSWORD },
    });
    const cookie = signUp.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const token = cookie.split('=')[1] ?? '';
    await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'a-wrong-password' },
    });
    await t.request('/api/profile', { cookie });
    await t.request('/api/auth/sign-out', { method: 'POST', json: {}, cookie });

    expect(token.length).toBeGreaterThan(10);
    const requestLines = lines.split('\n').filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    expect(requestLines.some((l) => l.includes(signUp.headers.get('x-request-id') ?? '-'))).toBe(
      true,
    );
    for (const secret of [
      GOOD_PASSWORD,
      'a-wrong-password',
      token,
      decodeURIComponent(token),
      'query-secret',
    ]) {
      expect(lines).not.toContain(secret);
    }
  });
});
