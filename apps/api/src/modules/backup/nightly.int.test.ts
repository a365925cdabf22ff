import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase } from '@verba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadEnv } from '../../env.ts';
import type { Services } from '../../app-env.ts';
import { createLogger } from '../../lib/logger.ts';
import { buildServices } from '../../services.ts';
import { GOOD_PASSWORD, sessionCookie, uniqueEmail } from '../../testing/harness.ts';
import { unpackBackup } from './archive.ts';

// Each test starts real servers and copies whole databases: minutes on a busy machine.
const SLOW = { timeout: 300_000 };
// The server's own nightly backup of its embedded database, as /api/health reports it.
let root: string;
let services: Services;
let close: () => Promise<void>;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'verba-nightly-'));
  const env = loadEnv({
    DATA_DIR: join(root, 'data'),
    BACKUP_DIR: join(root, 'data', 'backups'),
    BACKUP_KEEP: '2',
    LOG_LEVEL: 'silent',
  });
  const database = await createDatabase({ dataDir: join(root, 'data', 'db') });
  await migrateDatabase(database);
  services = await buildServices({
    env,
    database,
    logger: createLogger('silent'),
    secret: 'nightly-test-secret-at-least-32-characters',
  });
  close = async () => {
    await services.close();
    await database.close();
  };
});
afterAll(async () => {
  await close();
  rmSync(root, { recursive: true, force: true });
});

async function signUp(app: ReturnType<typeof createApp>): Promise<string> {
  const response = await app.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

describe('the nightly backup', SLOW, () => {
  it('writes whole backups into BACKUP_DIR, keeps BACKUP_KEEP and shows the last in /api/health', async () => {
    const app = createApp(services);
    // The install's first account is its admin; the second is a learner.
    const admin = await signUp(app);
    const learner = await signUp(app);
    const healthFor = async (cookie?: string) =>
      (await (await app.request('/api/health', cookie ? { headers: { cookie } } : {})).json()) as {
        backups?: Record<string, unknown>;
      };
    const before = await healthFor(admin);
    expect(before.backups).toMatchObject({ lastAt: null, lastFile: null, kept: 0 });
    for (let i = 0; i < 3; i++) {
      await services.backups.nightly!.runNow();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const kept = readdirSync(join(root, 'data', 'backups'));
    expect(kept).toHaveLength(2);
    const health = (await healthFor(admin)) as {
      backups: {
        lastOk: boolean;
        lastBytes: number;
        lastFile: string;
        kept: number;
        nextAt: string;
      };
    };
    expect(health.backups).toMatchObject({ lastOk: true, lastFile: kept[1], kept: 2 });
    expect(new Date(health.backups.nextAt).getHours()).toBe(3);
    // The backups folder inside DATA_DIR is not itself backed up.
    const contents = await unpackBackup(readFileSync(join(root, 'data', 'backups', kept[1]!)));
    expect([...contents.files.keys()]).toEqual([]);
    expect(health.backups.lastBytes).toBeGreaterThan(1_000_000);
    // The admin page shows the same.
    const overview = await app.request('/api/admin', { headers: { cookie: admin } });
    expect(await overview.json()).toMatchObject({ backups: health.backups });
    // Load balancers and learners get the plain answer.
    for (const cookie of [undefined, learner]) {
      expect(await healthFor(cookie)).toEqual({ status: 'ok', database: 'pglite' });
    }
  });
});
