import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createDatabase } from '@verba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { startServer } from '../../server.ts';
import { BACKUP_FIXTURE } from '../../testing/backup-fixture.ts';
import { unpackBackup } from './archive.ts';
import { restoreEmbedded } from './embedded.ts';
import { appliedMigrations, knownMigrations } from './schema-version.ts';

// Each test starts real servers and copies whole databases: minutes on a busy machine.
const SLOW = { timeout: 300_000 };
// Backups made by earlier versions (fixtures/, one per version that made one, written by
// testing/make-backup-fixture.ts) restore and migrate forward to this version's schema.
const folder = dirname(BACKUP_FIXTURE.file(0));
const fixtures = readdirSync(folder).filter((name) => name.endsWith('.tar'));

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verba-fixture-restore-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backups made by earlier versions', SLOW, () => {
  it('are there to restore', () => {
    expect(fixtures.length).toBeGreaterThan(0);
  });

  it.each(fixtures)('%s restores, migrates forward and signs its learner in', async (name) => {
    const contents = await unpackBackup(readFileSync(join(folder, name)));
    const dataDir = join(root, name);
    await restoreEmbedded(contents, dataDir);

    const check = await createDatabase({ dataDir: join(dataDir, 'db') });
    try {
      if (check.kind !== 'pglite') throw new Error('unreachable');
      expect(await appliedMigrations((sql) => check.client.query(sql))).toBe(knownMigrations());
    } finally {
      await check.close();
    }

    // With email verification required: the fixture's learner, made before it existed, counts
    // as confirmed (migration 0018), so the app lets them in. No mail is sent on sign-in.
    const server = await startServer(
      loadEnv({
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        REQUIRE_EMAIL_VERIFICATION: 'true',
        SMTP_URL: 'smtp://127.0.0.1:25',
        MAIL_FROM: 'verba@example.com',
      }),
      {
        logger: createLogger('silent'),
        terminal: { isTTY: false, write: () => true },
        webRoot: join(root, 'no-web-build'),
      },
    );
    try {
      const origin = `http://localhost:${server.port}`;
      const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: BACKUP_FIXTURE.email, password: BACKUP_FIXTURE.password }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const word = await fetch(`${origin}/api/words/${BACKUP_FIXTURE.wordId}`, {
        headers: { cookie },
      });
      expect(word.status).toBe(200);
      expect(await word.json()).toMatchObject({ word: BACKUP_FIXTURE.word });
    } finally {
      await server.close();
    }
  });
});
