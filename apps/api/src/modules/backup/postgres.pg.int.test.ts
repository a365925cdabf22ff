import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@verba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../../testing/harness.ts';
import { client, expectWritesKept, seedLearners, startWriting } from '../../testing/write-load.ts';
import { databaseUrlFor, runAdminStatement } from '../../testing/postgres-admin.ts';
import { unpackBackup } from './archive.ts';
import { NotEmptyError } from './embedded.ts';
import { TargetNotEmptyError } from './copy-database.ts';
import { moveToPostgres } from './move-to-postgres.ts';
import { backupPostgres, restorePostgres } from './postgres.ts';
import { knownMigrations } from './schema-version.ts';

// Each test starts real servers and copies whole databases: minutes on a busy machine.
const SLOW = { timeout: 300_000 };
// On the shared PostgreSQL server: databases of this file's own, dropped at the end.
const adminUrl = process.env.TEST_DATABASE_URL!;
const created: string[] = [];
let root: string;

async function newDatabase(): Promise<string> {
  const name = `verba_selfhost_${randomBytes(4).toString('hex')}`;
  await runAdminStatement(adminUrl, `create database ${name}`);
  created.push(name);
  return databaseUrlFor(adminUrl, name);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verba-pg-backup-'));
});
afterAll(async () => {
  for (const name of created) {
    await runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`);
  }
  rmSync(root, { recursive: true, force: true });
});

const quiet = {
  logger: createLogger('silent'),
  terminal: { isTTY: false, write: () => true },
  webRoot: '/nonexistent-web-build',
};

const start = (vars: Record<string, string>) =>
  startServer(loadEnv({ PORT: '0', LOG_LEVEL: 'silent', ...vars }), quiet);

interface Learner {
  email: string;
  cookie: string;
  wordId: string;
}

async function learnerWithAWord(server: RunningServer): Promise<Learner> {
  const origin = `http://localhost:${server.port}`;
  const email = uniqueEmail();
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const wordId = randomUUID();
  const word = await fetch(`${origin}/api/words`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ id: wordId, word: 'das Umzugsgut', translation: 'belongings' }),
  });
  expect(word.status).toBe(201);
  return { email, cookie, wordId };
}

/** The learner's old session, old password and word, on the server now running. */
async function expectEverythingKept(server: RunningServer, learner: Learner) {
  const origin = `http://localhost:${server.port}`;
  const word = await fetch(`${origin}/api/words/${learner.wordId}`, {
    headers: { cookie: learner.cookie },
  });
  expect(word.status).toBe(200);
  expect(await word.json()).toMatchObject({ word: 'das Umzugsgut' });
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: learner.email, password: GOOD_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
}

describe('npm run migrate-to-postgres', SLOW, () => {
  it('moves an embedded install to PostgreSQL: learners keep words, passwords and sessions', async () => {
    const dataDir = join(root, 'embedded');
    const embedded = await start({ DATA_DIR: dataDir });
    const learners = [await learnerWithAWord(embedded), await learnerWithAWord(embedded)];
    await embedded.close();
    const secret = readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim();

    const url = await newDatabase();
    const source = await createDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const copied = await moveToPostgres(source, url);
      expect(copied.get('user')).toBe(2);
      expect(copied.get('words')).toBe(2);
      // A second move into the same database would mix two installs: refused, nothing written.
      await expect(moveToPostgres(source, url)).rejects.toThrow(TargetNotEmptyError);
    } finally {
      await source.close();
    }

    const onPostgres = await start({ DATABASE_URL: url, BETTER_AUTH_SECRET: secret });
    try {
      for (const learner of learners) await expectEverythingKept(onPostgres, learner);
      // The moved rows' sequences and generated columns work for new writes too.
      await learnerWithAWord(onPostgres);
    } finally {
      await onPostgres.close();
    }
  });
});

describe('npm run backup and restore on PostgreSQL', SLOW, () => {
  it('restores a pg_dump backup into an empty database, and refuses a full one', async () => {
    const secret = randomBytes(24).toString('base64url');
    const url = await newDatabase();
    const server = await start({ DATABASE_URL: url, BETTER_AUTH_SECRET: secret });
    const learner = await learnerWithAWord(server);
    const archive = await backupPostgres(url, secret);
    await server.close();

    const contents = await unpackBackup(archive);
    expect(contents.manifest).toMatchObject({
      database: 'postgres',
      migrations: knownMigrations(),
    });
    await expect(restorePostgres(contents, url)).rejects.toThrow(NotEmptyError);

    const fresh = await newDatabase();
    const { sameAuthSecret } = await restorePostgres(contents, fresh, { authSecret: secret });
    expect(sameAuthSecret).toBe(true);
    const restored = await start({ DATABASE_URL: fresh, BETTER_AUTH_SECRET: secret });
    try {
      await expectEverythingKept(restored, learner);
    } finally {
      await restored.close();
    }
    await restorePostgres(contents, url, { force: true, authSecret: 'another-secret' }).then(
      ({ sameAuthSecret: same }) => expect(same).toBe(false),
    );
  });

  it('restores a backup taken while learners write with every write acknowledged before it began', async () => {
    const secret = randomBytes(24).toString('base64url');
    const url = await newDatabase();
    const server = await start({ DATABASE_URL: url, BETTER_AUTH_SECRET: secret });
    const call = client(server);
    const learners = await seedLearners(call);
    const load = startWriting(call, learners);
    await load.warmedUp;
    const backupStarted = Date.now();
    const archive = await backupPostgres(url, secret);
    await load.nextWrite();
    await load.stop();
    await server.close();

    const before = load.acknowledged.filter((w) => w.at < backupStarted);
    expect(before.filter((w) => w.kind === 'word').length).toBeGreaterThan(0);
    expect(before.filter((w) => w.kind === 'answer').length).toBeGreaterThan(0);
    expect(load.acknowledged.length).toBeGreaterThan(before.length);

    const fresh = await newDatabase();
    await restorePostgres(await unpackBackup(archive), fresh, { authSecret: secret });
    const restored = await start({ DATABASE_URL: fresh, BETTER_AUTH_SECRET: secret });
    try {
      await expectWritesKept(client(restored), learners, before);
    } finally {
      await restored.close();
    }
  });
});
