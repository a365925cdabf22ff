import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestHarness } from '../../testing/harness.ts';
import { refitLearner, refitLock } from './refit.ts';

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

it('leaves a learner alone while another process refits them (advisory lock)', async () => {
  const handle = t.database.handle;
  if (handle.kind !== 'postgres') throw new Error('needs PostgreSQL');
  const user = await t.signUp();
  const other = await handle.client.connect();
  try {
    await other.query('select pg_advisory_lock(hashtext($1))', [`verba:refit:${user.id}`]);
    const deps = { db: t.db, lock: refitLock(handle), logger: t.services.logger };
    expect((await refitLearner(deps, user.id, new Date())).outcome).toBe('locked');
    await other.query('select pg_advisory_unlock(hashtext($1))', [`verba:refit:${user.id}`]);
    expect((await refitLearner(deps, user.id, new Date())).outcome).toBe('not-due');
  } finally {
    other.release();
  }
});
