import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createDatabase, migrateDatabase } from '@verba/db';
import { secureDataDir } from '../../lib/data-dir.ts';
import { packBackup, type BackupContents } from './archive.ts';
import { appliedMigrations, assertNotNewer } from './schema-version.ts';

/** The embedded database's own folder inside DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string) => join(resolve(dataDir), 'db');

/**
 * A backup of a running embedded database and of DATA_DIR's other files. PGlite runs one
 * statement at a time, and its `transaction` waits for the turn of every transaction under way
 * (packages/db/src/embedded-turns.ts): inside it, every write acknowledged so far has committed.
 * The checkpoint writes them all to the data files, those committed without waiting for the
 * disk included (docs/decisions/010), and the copy is taken before any other statement runs.
 */
export async function backupEmbedded(
  client: PGlite,
  dataDir: string,
  skip: string[] = [],
): Promise<Buffer> {
  const createdAt = new Date().toISOString();
  const { database, migrations } = await client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const migrations = await appliedMigrations((sql) => tx.query(sql));
    const dump = await client.dumpDataDir('gzip');
    return { database: new Uint8Array(await dump.arrayBuffer()), migrations };
  });
  const contents: BackupContents = {
    manifest: { format: 'verba-backup', version: 1, createdAt, database: 'pglite', migrations },
    database,
    files: dataDirFiles(dataDir, [embeddedDatabaseDir(dataDir), ...skip.map((p) => resolve(p))]),
  };
  return packBackup(contents);
}

/** Every regular file under DATA_DIR outside the database folder (and other folders skipped). */
function dataDirFiles(dataDir: string, skip: string[]): Map<string, Uint8Array> {
  const root = resolve(dataDir);
  const files = new Map<string, Uint8Array>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (skip.includes(path)) continue;
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) files.set(relative(root, path), readFileSync(path));
    }
  };
  walk(root);
  return files;
}

export class NotEmptyError extends Error {}

/**
 * Restores an embedded backup into DATA_DIR, migrated to this version's schema. DATA_DIR must
 * be empty (or absent); `force` replaces its database and the files the backup holds.
 */
export async function restoreEmbedded(
  contents: BackupContents,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  assertNotNewer(contents.manifest.migrations);
  const root = resolve(dataDir);
  const dbDir = embeddedDatabaseDir(root);
  if (existsSync(root) && readdirSync(root).length > 0) {
    if (!force) {
      throw new NotEmptyError(
        `${root} is not empty: restore into an empty DATA_DIR, or pass --force to replace its database.`,
      );
    }
    rmSync(dbDir, { recursive: true, force: true });
  }
  mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  const handle = await createDatabase({
    dataDir: dbDir,
    loadDataDir: new Blob([contents.database as Uint8Array<ArrayBuffer>], {
      type: 'application/x-gzip',
    }),
  });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  for (const [path, data] of contents.files) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    writeFileSync(target, data, { mode: 0o600 });
  }
  secureDataDir(root);
}
