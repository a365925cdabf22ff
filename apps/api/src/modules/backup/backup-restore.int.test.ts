import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedBackup } from '../../cli/common.ts';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { startServer } from '../../server.ts';
import {
  client,
  expectWritesKept,
  seedLearners,
  signUp,
  startWriting,
} from '../../testing/write-load.ts';
import { unpackBackup } from './archive.ts';
import { NotEmptyError, restoreEmbedded } from './embedded.ts';
import { knownMigrations } from './schema-version.ts';

// Each test starts real servers and copies whole databases: minutes on a busy machine.
const SLOW = { timeout: 300_000 };
// The restore is the test: a real server on an embedded database is backed up through
// `npm run backup`'s own path while learners keep writing, the backup is restored into a fresh
// DATA_DIR, and a server started on it has every write acknowledged before the backup began.
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verba-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quiet = { logger: createLogger('silent'), terminal: { isTTY: false, write: () => true } };
const envFor = (dataDir: string, port = 0) =>
  loadEnv({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const start = (dataDir: string) =>
  startServer(envFor(dataDir), { ...quiet, webRoot: join(root, 'no-web-build') });

describe('a backup taken while learners write', SLOW, () => {
  it('restores into a fresh DATA_DIR with every write acknowledged before it began', async () => {
    const source = join(root, 'source');
    const server = await start(source);
    const call = client(server);
    const learners = await seedLearners(call);
    const load = startWriting(call, learners);
    await load.warmedUp;
    const backupStarted = Date.now();
    const { archive, via } = await embeddedBackup(envFor(source, server.port));
    await load.nextWrite();
    await load.stop();
    await server.close();
    expect(via).toContain(`port ${server.port}`);

    const before = load.acknowledged.filter((w) => w.at < backupStarted);
    expect(before.filter((w) => w.kind === 'word').length).toBeGreaterThan(0);
    expect(before.filter((w) => w.kind === 'answer').length).toBeGreaterThan(0);
    expect(load.acknowledged.length).toBeGreaterThan(before.length);

    const contents = await unpackBackup(archive);
    expect(contents.manifest).toMatchObject({ database: 'pglite', migrations: knownMigrations() });
    expect([...contents.files.keys()]).toEqual(['auth-secret']);

    const restored = join(root, 'restored');
    await restoreEmbedded(contents, restored);
    expect(readFileSync(join(restored, 'auth-secret'), 'utf8')).toBe(
      readFileSync(join(source, 'auth-secret'), 'utf8'),
    );
    const again = await start(restored);
    try {
      await expectWritesKept(client(again), learners, before);
    } finally {
      await again.close();
    }
  });

  it('refuses a DATA_DIR that is not empty, unless forced', async () => {
    const dir = join(root, 'forced');
    const server = await start(dir);
    const learner = await signUp(client(server));
    await server.close();
    const { archive } = await embeddedBackup(envFor(dir, 1));
    const contents = await unpackBackup(archive);
    await expect(restoreEmbedded(contents, dir)).rejects.toThrow(NotEmptyError);
    await restoreEmbedded(contents, dir, { force: true });
    const again = await start(dir);
    try {
      const response = await client(again)('/api/profile', { cookie: learner.cookie });
      expect(response.status).toBe(200);
    } finally {
      await again.close();
    }
    expect(existsSync(join(dir, 'db', 'PG_VERSION'))).toBe(true);
  });
});
