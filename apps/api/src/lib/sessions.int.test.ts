import { createHmac } from 'node:crypto';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  GOOD_PASSWORD,
  sessionCookie,
  TestHarness,
  TEST_SECRET,
  type TestUser,
} from '../testing/harness.ts';

// Two API "processes" on one database, each with its own session cache and events connection.
let a: TestHarness;
let b: TestHarness;
let clockOffsetMs = 0;
beforeAll(async () => {
  a = await TestHarness.start();
  b = await TestHarness.onDatabase(
    a.database,
    { clock: () => new Date(Date.now() + clockOffsetMs) },
    await a.database.connectAgain(),
  );
});
afterAll(() => a.close());

const DAY_MS = 86_400_000;
const REVOCATION_WINDOW = { timeout: 5_000, interval: 50 };

const profileStatus = async (on: TestHarness, cookie: string) =>
  (await on.request('/api/profile', { cookie })).status;

/** Both processes have seen (and cached) the session. */
async function signedInOnBoth(): Promise<TestUser> {
  const user = await a.signUp();
  expect(await profileStatus(a, user.cookie)).toBe(200);
  expect(await profileStatus(b, user.cookie)).toBe(200);
  return user;
}

async function signIn(on: TestHarness, email: string): Promise<string> {
  const response = await on.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password: GOOD_PASSWORD },
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe('one session check per request', () => {
  it('asks better-auth once for a new session, then answers from memory', async () => {
    const user = await a.signUp();
    const getSession = vi.spyOn(a.services.auth.api, 'getSession');
    try {
      expect(await profileStatus(a, user.cookie)).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      expect(await profileStatus(a, user.cookie)).toBe(200);
      expect((await a.request('/api/auth/get-session', { cookie: user.cookie })).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
    } finally {
      getSession.mockRestore();
    }
  });

  it('never hands one user another user’s session', async () => {
    const users = [await a.signUp(), await a.signUp(), await a.signUp()];
    for (let round = 0; round < 3; round++) {
      for (const user of users) {
        const response = await a.request('/api/profile', { cookie: user.cookie });
        expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
      }
    }
  });
});

describe('sliding expiry', () => {
  async function backdate(user: TestUser) {
    await a.db
      .update(schema.session)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(schema.session.userId, user.id));
  }

  const expiresAt = async (user: TestUser) => {
    const [row] = await a.db
      .select({ expiresAt: schema.session.expiresAt })
      .from(schema.session)
      .where(eq(schema.session.userId, user.id));
    return row?.expiresAt.getTime() ?? 0;
  };

  it.each(['/api/profile', '/api/auth/get-session'])(
    'extends an active session and sends the new cookie from %s',
    async (path) => {
      const user = await a.signUp();
      await backdate(user);
      const response = await a.request(path, { cookie: user.cookie });
      expect(response.status).toBe(200);
      const refreshed = response.headers.getSetCookie().find((c) => c.includes('session_token='));
      expect(refreshed).toMatch(/Max-Age=2592000/);
      expect(refreshed?.split(';')[0]).toBe(user.cookie);
      expect(await expiresAt(user)).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    },
  );
});

describe('ended sessions', () => {
  it('a sign-out through one process is refused by the other within 5 s', async () => {
    const user = await signedInOnBoth();
    const out = await a.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(out.status).toBe(200);
    expect(await profileStatus(a, user.cookie)).toBe(401);
    await expect.poll(() => profileStatus(b, user.cookie), REVOCATION_WINDOW).toBe(401);
  });

  it('a request with an ended session is refused without touching the browser’s cookies', async () => {
    // A request sent just before a password change may be answered after it: clearing the cookie
    // then would sign the learner out of the session the change just gave them.
    const user = await signedInOnBoth();
    await a.request('/api/auth/sign-out', { method: 'POST', cookie: user.cookie, json: {} });
    for (const path of ['/api/profile', '/api/auth/get-session']) {
      const response = await a.request(path, { cookie: user.cookie });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('a password change that ends other sessions is heard by every process', async () => {
    const user = await signedInOnBoth();
    const other = await signIn(a, user.email);
    await a.services.auth.api.changePassword({
      body: {
        currentPassword: GOOD_PASSWORD,
        newPassword: 'saffron-meadow-compass-97',
        revokeOtherSessions: true,
      },
      headers: new Headers({ cookie: other }),
    });
    await expect.poll(() => profileStatus(b, user.cookie), REVOCATION_WINDOW).toBe(401);
    await expect.poll(() => profileStatus(a, user.cookie), REVOCATION_WINDOW).toBe(401);
  });

  it('deleting the account ends its sessions on every process', async () => {
    const user = await signedInOnBoth();
    await a.db.delete(schema.user).where(eq(schema.user.id, user.id));
    await expect.poll(() => profileStatus(b, user.cookie), REVOCATION_WINDOW).toBe(401);
    await expect.poll(() => profileStatus(a, user.cookie), REVOCATION_WINDOW).toBe(401);
  });

  it('an expired session is refused at once, remembered or not', async () => {
    const user = await signedInOnBoth();
    const getSession = vi.spyOn(b.services.auth.api, 'getSession');
    clockOffsetMs = 31 * DAY_MS;
    try {
      expect(await profileStatus(b, user.cookie)).toBe(401);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      clockOffsetMs = 0;
      getSession.mockRestore();
    }
  });
});

describe('cookies that were not issued by us', () => {
  const sign = (token: string, secret: string) =>
    encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

  it.each<[string, (cookie: string) => string]>([
    ['that is made up', () => 'better-auth.session_token=abc.def'],
    ['that is truncated', (cookie) => cookie.slice(0, -6)],
    ['without its signature', (cookie) => cookie.slice(0, cookie.indexOf('.'))],
    [
      'whose token was changed',
      (cookie) => {
        const [name, value] = cookie.split('=') as [string, string];
        const flipped = value[0] === 'A' ? 'B' : 'A';
        return `${name}=${flipped}${value.slice(1)}`;
      },
    ],
    [
      'signed with another secret',
      (cookie) => {
        const token = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
        return `better-auth.session_token=${sign(token, `${TEST_SECRET}-not`)}`;
      },
    ],
  ])('refuses a cookie %s, without asking the database', async (_, forge) => {
    const user = await a.signUp();
    const getSession = vi.spyOn(a.services.auth.api, 'getSession');
    try {
      expect(await profileStatus(a, forge(user.cookie))).toBe(401);
      expect(getSession).not.toHaveBeenCalled();
    } finally {
      getSession.mockRestore();
    }
    expect(await profileStatus(a, user.cookie)).toBe(200);
  });

  it('accepts a correctly signed cookie only for a session that exists', async () => {
    const cookie = `better-auth.session_token=${sign('no-such-session-token-000000000', TEST_SECRET)}`;
    expect(await profileStatus(a, cookie)).toBe(401);
  });
});
