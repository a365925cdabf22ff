import { createHmac } from 'node:crypto';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET, TestHarness, type TestUser } from './testing/harness.ts';

// Session tokens are stored as better-auth keeps them (docs/decisions/006-session-tokens.md):
// what makes a copy of the session table useless is that a cookie must carry the token signed
// with the server's secret, which is not in the database.
let t: TestHarness;
let user: TestUser;
let token: string;
beforeAll(async () => {
  t = await TestHarness.start();
  user = await t.signUp();
  const [row] = await t.db
    .select({ token: schema.session.token })
    .from(schema.session)
    .where(eq(schema.session.userId, user.id));
  token = row?.token ?? '';
});
afterAll(() => t.close());

const cookieName = () => user.cookie.split('=')[0] ?? '';
const profileWith = (value: string) =>
  t.request('/api/profile', { cookie: `${cookieName()}=${encodeURIComponent(value)}` });
const sign = (value: string, secret: string) =>
  `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;

describe('a session token read from the database', () => {
  it('is the one the cookie carries, and the cookie works', async () => {
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(decodeURIComponent(user.cookie)).toContain(`=${token}.`);
    expect((await profileWith(sign(token, TEST_SECRET))).status).toBe(200);
  });

  it('opens nothing on its own, or signed with any other key', async () => {
    expect((await profileWith(token)).status).toBe(401);
    expect((await profileWith(`${token}.`)).status).toBe(401);
    expect((await profileWith(sign(token, 'a-guessed-secret-of-at-least-32-chars!!'))).status).toBe(
      401,
    );
  });
});
