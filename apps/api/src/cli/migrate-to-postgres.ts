// `npm run migrate-to-postgres -- <DATABASE_URL> [--from <backup file>]`: an embedded install moves
// to PostgreSQL with everything its learners have, passwords and sessions included.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, type DatabaseHandle } from '@verba/db';
import { loadEnv } from '../env.ts';
import { unpackBackup } from '../modules/backup/archive.ts';
import { moveToPostgres } from '../modules/backup/move-to-postgres.ts';
import { embeddedDatabaseDir } from '../modules/backup/embedded.ts';
import { embeddedBackup, runCli, say, serverRunning } from './common.ts';

/** The embedded database to copy: a backup file, the running server's, or DATA_DIR's. */
async function openSource(from: string | undefined): Promise<DatabaseHandle> {
  const env = loadEnv();
  let archive: Buffer | undefined = from ? readFileSync(from) : undefined;
  if (!archive && (await serverRunning(env))) archive = (await embeddedBackup(env)).archive;
  if (archive) {
    const { manifest, database } = await unpackBackup(archive);
    if (manifest.database !== 'pglite')
      throw new Error('That is not a backup of an embedded install.');
    return createDatabase({
      loadDataDir: new Blob([database as Uint8Array<ArrayBuffer>], { type: 'application/x-gzip' }),
    });
  }
  const dir = embeddedDatabaseDir(env.DATA_DIR);
  if (!existsSync(dir)) throw new Error(`No Verba install in DATA_DIR (${resolve(env.DATA_DIR)}).`);
  return createDatabase({ dataDir: dir });
}

runCli(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { from: { type: 'string' } },
  });
  const [url] = positionals;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('Usage: npm run migrate-to-postgres -- <postgres://…> [--from <backup file>]');
  }
  const source = await openSource(values.from);
  try {
    const copied = await moveToPostgres(source, url);
    const rows = [...copied.values()].reduce((a, b) => a + b, 0);
    say(`Copied ${rows} rows of ${copied.size} tables (${copied.get('user') ?? 0} learners).`);
  } finally {
    await source.close();
  }
  const secretSource = values.from
    ? `tar -xOf ${values.from} files/auth-secret`
    : `cat ${join(loadEnv().DATA_DIR, 'auth-secret')}`;
  say(
    `Now start Verba with DATABASE_URL set to this database and BETTER_AUTH_SECRET="$(${secretSource})" so that learners stay signed in.`,
  );
});
