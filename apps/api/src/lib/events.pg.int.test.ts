import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestHarness } from '../testing/harness.ts';
import type { AppEvent } from './events.ts';

// PostgreSQL only (vitest.config.ts includes *.pg.int.test.ts when TEST_DATABASE_URL is set):
// the embedded database has no connection that could drop.
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

describe('the events connection', () => {
  it('reconnects after it is dropped, and announces that events may have been missed', async () => {
    if (t.database.handle.kind !== 'postgres') throw new Error('run on PostgreSQL');
    const pool = t.database.handle.client;
    const user = await t.signUp();
    expect((await t.request('/api/profile', { cookie: user.cookie })).status).toBe(200);
    let resets = 0;
    const heard: AppEvent[] = [];
    const stopReset = t.services.events.onReset(() => resets++);
    const stop = t.services.events.subscribe((event) => heard.push(event));
    try {
      const killed = await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %'`,
      );
      expect(killed.rowCount).toBe(1);
      await expect.poll(() => resets, { timeout: 10_000, interval: 50 }).toBe(1);
      await t.services.events.publish({ userId: 'u', kind: 'session.revoked', id: 'after' });
      await expect.poll(() => heard.map((e) => e.id), { timeout: 5_000 }).toContain('after');
      // Sessions remembered before the drop are checked with the database again.
      const getSession = vi.spyOn(t.services.auth.api, 'getSession');
      expect((await t.request('/api/profile', { cookie: user.cookie })).status).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      getSession.mockRestore();
    } finally {
      stop();
      stopReset();
    }
  });
});
