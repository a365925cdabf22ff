import { Readable } from 'node:stream';
import tar from 'tar-stream';

/** What a backup holds besides its database, named in its first entry. */
export interface BackupManifest {
  format: 'verba-backup';
  version: 1;
  createdAt: string;
  /** The engine the backup came from, and so how its database entry is restored. */
  database: 'pglite' | 'postgres';
  /** How many committed migrations the database had applied: restores refuse newer backups. */
  migrations: number;
  /**
   * On PostgreSQL the auth secret is the operator's (BETTER_AUTH_SECRET), never stored: its
   * fingerprint lets a restore say whether sessions will still be recognised.
   */
  authSecretFingerprint?: string;
}

export interface BackupContents {
  manifest: BackupManifest;
  /** PGlite's data folder as a gzipped tar, or `pg_dump`'s custom format. */
  database: Uint8Array;
  /** Files of DATA_DIR besides the database (the generated auth secret, stored audio), by path. */
  files: Map<string, Uint8Array>;
}

const MANIFEST = 'verba-backup.json';
const DATABASE = { pglite: 'database.tar.gz', postgres: 'database.pgdump' } as const;
const FILES = 'files/';

/** One tar file: the manifest first, then the database, then DATA_DIR's other files. */
export async function packBackup(contents: BackupContents): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = new Promise<void>((done, fail) => {
    pack.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    pack.on('end', done);
    pack.on('error', fail);
  });
  const entry = (name: string, data: Uint8Array) =>
    new Promise<void>((done, fail) =>
      pack.entry({ name, mode: 0o600 }, Buffer.from(data), (error) =>
        error ? fail(error) : done(),
      ),
    );
  await entry(MANIFEST, Buffer.from(JSON.stringify(contents.manifest, null, 2)));
  await entry(DATABASE[contents.manifest.database], contents.database);
  for (const [path, data] of contents.files) await entry(`${FILES}${path}`, data);
  pack.finalize();
  await collected;
  return Buffer.concat(chunks);
}

export class BackupFormatError extends Error {}

/** Reads a backup made by `packBackup`, refusing anything else. */
export async function unpackBackup(archive: Uint8Array): Promise<BackupContents> {
  const entries = new Map<string, Buffer>();
  const extract = tar.extract();
  Readable.from([Buffer.from(archive)]).pipe(extract);
  try {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file') entries.set(entry.header.name, Buffer.concat(chunks));
    }
  } catch (error) {
    throw new BackupFormatError(`Not a Verba backup (${(error as Error).message})`);
  }
  const manifestEntry = entries.get(MANIFEST);
  if (!manifestEntry) throw new BackupFormatError('Not a Verba backup: it has no manifest');
  const manifest = JSON.parse(manifestEntry.toString('utf8')) as BackupManifest;
  if (manifest.format !== 'verba-backup' || manifest.version !== 1) {
    throw new BackupFormatError('Not a Verba backup this version can read');
  }
  const database = entries.get(DATABASE[manifest.database]);
  if (!database) throw new BackupFormatError('The backup has no database');
  const files = new Map<string, Uint8Array>();
  for (const [name, data] of entries) {
    if (!name.startsWith(FILES)) continue;
    const path = name.slice(FILES.length);
    // A path that would climb out of DATA_DIR is never written.
    if (!path || path.split('/').some((part) => part === '..' || part === '')) continue;
    files.set(path, data);
  }
  return { manifest, database, files };
}
