// Writes the backup fixture that CI restores (modules/backup/fixtures/): a backup made by this
// version, with one learner, a word and a review. Run it when a release changes the backup format:
//   npx tsx apps/api/src/testing/make-backup-fixture.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PracticeSession } from '@verba/shared';
import { embeddedBackup } from '../cli/common.ts';
import { loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { knownMigrations } from '../modules/backup/schema-version.ts';
import { startServer } from '../server.ts';
import { BACKUP_FIXTURE } from './backup-fixture.ts';

const root = mkdtempSync(join(tmpdir(), 'verba-fixture-'));
const env = loadEnv({ PORT: '0', DATA_DIR: join(root, 'data'), LOG_LEVEL: 'silent' });
const server = await startServer(env, {
  logger: createLogger('silent'),
  terminal: { isTTY: false, write: () => true },
  webRoot: join(root, 'no-web-build'),
});
const origin = `http://localhost:${server.port}`;
const post = async (path: string, body: unknown, cookie = '') => {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
};
const signUp = await post('/api/auth/sign-up/email', {
  email: BACKUP_FIXTURE.email,
  password: BACKUP_FIXTURE.password,
});
const cookie = signUp.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
await post('/api/profile/onboarding', { nativeLanguage: 'en', targetLanguage: 'de' }, cookie);
await post(
  '/api/words',
  { id: BACKUP_FIXTURE.wordId, word: BACKUP_FIXTURE.word, translation: 'anchor' },
  cookie,
);
const session = (await (
  await post('/api/practice/sessions', { id: randomUUID(), mode: 'daily', timeZone: 'UTC' }, cookie)
).json()) as PracticeSession;
await post(
  `/api/practice/sessions/${session.id}/answers`,
  {
    id: randomUUID(),
    itemIndex: 0,
    answer: { type: 'flashcard', knew: true },
    responseTimeMs: 2000,
  },
  cookie,
).catch(() => undefined);
await server.close();
const { archive } = await embeddedBackup(env);
const file = BACKUP_FIXTURE.file(knownMigrations());
writeFileSync(file, archive);
rmSync(root, { recursive: true, force: true });
process.stdout.write(`${file}\n`);
process.exit(0);
