// `npm run restore -- <file> [--force]`: a backup into an empty DATA_DIR or database.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { unpackBackup } from '../modules/backup/archive.ts';
import { restoreEmbedded } from '../modules/backup/embedded.ts';
import { restorePostgres } from '../modules/backup/postgres.ts';
import { runCli, say, serverRunning } from './common.ts';

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [file] = positionals;
  if (!file) throw new Error('Usage: npm run restore -- <file> [--force]');
  const env = loadEnv();
  const contents = await unpackBackup(readFileSync(file));
  const { manifest } = contents;
  if (manifest.database === 'pglite') {
    if (env.DATABASE_URL) {
      throw new Error(
        `${file} is a backup of an embedded install: move it to PostgreSQL with npm run migrate-to-postgres -- <DATABASE_URL> --from ${file}`,
      );
    }
    if (await serverRunning(env)) {
      throw new Error(`A server is running on port ${env.PORT}: stop it before restoring.`);
    }
    await restoreEmbedded(contents, env.DATA_DIR, { force: values.force });
    say(
      `Restored the backup of ${manifest.createdAt} into ${resolve(env.DATA_DIR)}. Start Verba on it.`,
    );
    return;
  }
  if (!env.DATABASE_URL) {
    throw new Error(`${file} is a backup of a PostgreSQL install: set DATABASE_URL to restore it.`);
  }
  const { sameAuthSecret } = await restorePostgres(contents, env.DATABASE_URL, {
    force: values.force,
    ...(env.BETTER_AUTH_SECRET ? { authSecret: env.BETTER_AUTH_SECRET } : {}),
  });
  say(`Restored the backup of ${manifest.createdAt} into the database.`);
  if (sameAuthSecret === false) {
    say(
      'BETTER_AUTH_SECRET differs from the one the backup was made with: passwords work, but learners must sign in again.',
    );
  }
});
