import { Writable } from 'node:stream';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
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

  it('record a failed query without the values it carried', async () => {
    const user = await t.signUp();
    const failures: unknown[] = [];
    const secretId = 'not-a-user-7f3c9e1d';
    const secretName = 'hidden-name-51ab';
    // A foreign key violation: PostgreSQL names the missing key in its detail.
    await t.db
      .insert(schema.profiles)
      .values({ id: secretId })
      .catch((error: unknown) => failures.push(error));
    // A NUL byte, which PostgreSQL cannot store.
    await t.db
      .update(schema.profiles)
      .set({ displayName: `${secretName}\u0000` })
      .where(eq(schema.profiles.id, user.id))
      .catch((error: unknown) => failures.push(error));
    expect(failures).toHaveLength(2);
    // The unhandled-error path logs what it catches under `err`.
    lines = '';
    const logger = createLogger('error', sink);
    for (const err of failures) logger.error({ err, path: '/api/x' }, 'unhandled error');

    const logged = lines
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { err: { message: string; stack: string; type: string } });
    expect(logged).toHaveLength(2);
    for (const { err } of logged) {
      expect(err.message).toMatch(/^Failed query: (insert into|update) "profiles"/);
      expect(err.stack).toMatch(/\n\s+at /);
    }
    expect(lines).toContain('23503');
    for (const secret of [secretId, secretName, 'params']) expect(lines).not.toContain(secret);
  });
});
