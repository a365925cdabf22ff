// `npm run backup -- <file>`: one file with the whole install, taken beside the running server.
import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { backupPostgres } from '../modules/backup/postgres.ts';
import { embeddedBackup, megabytes, runCli, say, writeWhole } from './common.ts';

runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file] = positionals;
  if (!file) throw new Error('Usage: npm run backup -- <file>');
  const env = loadEnv();
  const { archive, via } = env.DATABASE_URL
    ? {
        archive: await backupPostgres(env.DATABASE_URL, env.BETTER_AUTH_SECRET ?? ''),
        via: 'pg_dump',
      }
    : await embeddedBackup(env);
  writeWhole(file, archive);
  say(`Backup written to ${file} (${megabytes(archive.byteLength)}, taken through ${via}).`);
});
