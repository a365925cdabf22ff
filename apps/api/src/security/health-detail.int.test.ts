import type { NightlyBackupsView } from '@verba/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, sessionCookie, TestHarness, type TestUser } from '../testing/harness.ts';

// /api/health is public for load balancers; the nightly backups' state in it is for the install's
// admins only. Nightly backups run on the embedded database (modules/backup/nightly.int.test.ts
// takes real ones); here a state is set on either database, so who sees it is checked on both.
const NIGHTLY: NightlyBackupsView = {
  lastAt: '2026-11-27T03:00:00.000Z',
  lastOk: true,
  lastBytes: 4_096,
  lastFile: 'verba-backup-2026-11-27T03-00-00-000Z.tar',
  nextAt: '2026-11-28T03:00:00.000Z',
  kept: 3,
};
const PLAIN = { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' };

let t: TestHarness;
let admin: TestUser;
let learner: TestUser;
let endedAdminSession: string;
beforeAll(async () => {
  t = await TestHarness.start();
  t.services.backups.status = () => NIGHTLY;
  admin = await t.signUp();
  learner = await t.signUp();
  const again = await t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email: admin.email, password: GOOD_PASSWORD },
  });
  expect(again.status).toBe(200);
  endedAdminSession = sessionCookie(again);
  const signOut = await t.request('/api/auth/sign-out', {
    method: 'POST',
    cookie: endedAdminSession,
    json: {},
  });
  expect(signOut.status).toBe(200);
});
afterAll(() => t.close());

const health = async (cookie?: string) => {
  const response = await t.request('/api/health', cookie ? { cookie } : {});
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return response.json();
};

describe("GET /api/health's backup detail", () => {
  it("is shown to an admin's session", async () => {
    expect(await health(admin.cookie)).toEqual({ ...PLAIN, backups: NIGHTLY });
  });

  it('is hidden from load balancers, learners, forged cookies and ended sessions', async () => {
    const cookieName = t.services.sessions.cookieName;
    const [, value = ''] = admin.cookie.split('=');
    for (const cookie of [
      undefined,
      learner.cookie,
      `${cookieName}=${crypto.randomUUID()}.${crypto.randomUUID()}`,
      `${cookieName}=${decodeURIComponent(value).split('.')[0]}`,
      `${cookieName}=<script>alert(1)</script>`,
      endedAdminSession,
    ]) {
      expect(await health(cookie), cookie ?? 'no cookie').toEqual(PLAIN);
    }
  });
});
