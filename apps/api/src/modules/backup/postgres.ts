import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDatabase, migrateDatabase } from '@verba/db';
import pg from 'pg';
import { packBackup, type BackupContents } from './archive.ts';
import { NotEmptyError } from './embedded.ts';
import { appliedMigrations, assertNotNewer } from './schema-version.ts';

const run = promisify(execFile);

/** Identifies an auth secret without revealing it. */
export const secretFingerprint = (secret: string) =>
  createHash('sha256').update(`verba-auth-secret:${secret}`).digest('hex').slice(0, 16);

export class ToolMissingError extends Error {}

async function postgresTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(name, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new ToolMissingError(
        `${name} was not found: install PostgreSQL's client tools (the version of the server or newer).`,
      );
    }
    throw new Error(`${name} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'verba-backup-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A backup of a PostgreSQL database: `pg_dump`'s custom format, one consistent snapshot taken
 * while the servers keep serving.
 */
export async function backupPostgres(url: string, authSecret: string): Promise<Buffer> {
  const createdAt = new Date().toISOString();
  const migrations = await withClient(url, (client) =>
    appliedMigrations((sql) => client.query(sql)),
  );
  const database = await withTempDir(async (dir) => {
    const file = join(dir, 'database.pgdump');
    await postgresTool('pg_dump', ['--format=custom', '--no-owner', '--file', file, url]);
    return readFileSync(file);
  });
  const contents: BackupContents = {
    manifest: {
      format: 'verba-backup',
      version: 1,
      createdAt,
      database: 'postgres',
      migrations,
      authSecretFingerprint: secretFingerprint(authSecret),
    },
    database,
    files: new Map(),
  };
  return packBackup(contents);
}

/** Tables, views and sequences outside PostgreSQL's own schemas. */
async function userRelations(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'v', 'm', 'S', 'p')
         and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Restores a PostgreSQL backup into the database at `url`, migrated to this version's schema. The
 * database must be empty; `force` drops what the backup holds first.
 * Returns whether the running servers' auth secret is the one the backup was made with.
 */
export async function restorePostgres(
  contents: BackupContents,
  url: string,
  { force = false, authSecret }: { force?: boolean; authSecret?: string } = {},
): Promise<{ sameAuthSecret: boolean | undefined }> {
  assertNotNewer(contents.manifest.migrations);
  const notEmpty = (await userRelations(url)) > 0;
  if (notEmpty && !force) {
    throw new NotEmptyError(
      'The database is not empty: restore into an empty database, or pass --force to replace what the backup holds.',
    );
  }
  await withTempDir(async (dir) => {
    const file = join(dir, 'database.pgdump');
    writeFileSync(file, contents.database, { mode: 0o600 });
    await postgresTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(notEmpty ? ['--clean', '--if-exists'] : []),
      '--dbname',
      url,
      file,
    ]);
  });
  const handle = await createDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  const fingerprint = contents.manifest.authSecretFingerprint;
  return {
    sameAuthSecret:
      fingerprint && authSecret ? secretFingerprint(authSecret) === fingerprint : undefined,
  };
}
