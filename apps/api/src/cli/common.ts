import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDatabase } from '@verba/db';
import { EnvError, type Env } from '../env.ts';
import { operatorBackupToken } from '../modules/backup/backups.ts';
import { backupEmbedded, embeddedDatabaseDir } from '../modules/backup/embedded.ts';

/** The install's auth secret, read (never made) like the server reads it. */
export function readAuthSecret(env: Env): string | undefined {
  if (env.BETTER_AUTH_SECRET) return env.BETTER_AUTH_SECRET;
  const file = join(env.DATA_DIR, 'auth-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** The port the server of this environment listens on, on this machine. */
const serverOrigin = (env: Env) => `http://127.0.0.1:${env.PORT}`;

/** Whether a Verba server answers at PORT. */
export async function serverRunning(env: Env): Promise<boolean> {
  try {
    const response = await fetch(`${serverOrigin(env)}/api/health`);
    return response.status === 200 || response.status === 503;
  } catch {
    return false;
  }
}

/**
 * A backup of the embedded database in DATA_DIR. A running server holds the database, so it is
 * asked for one (it keeps serving meanwhile); with none running the folder is opened here.
 */
export async function embeddedBackup(env: Env): Promise<{ archive: Buffer; via: string }> {
  const secret = readAuthSecret(env);
  const dbDir = embeddedDatabaseDir(env.DATA_DIR);
  if (!secret || !existsSync(dbDir)) {
    throw new EnvError(`No Verba install in DATA_DIR (${resolve(env.DATA_DIR)}).`);
  }
  if (await serverRunning(env)) {
    const response = await fetch(`${serverOrigin(env)}/operator/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorBackupToken(secret)}` },
    });
    if (!response.ok) {
      throw new EnvError(
        `The server on port ${env.PORT} refused the backup (${response.status}): run this with the server's own DATA_DIR and PORT.`,
      );
    }
    return {
      archive: Buffer.from(await response.arrayBuffer()),
      via: `the server on port ${env.PORT}`,
    };
  }
  const handle = await createDatabase({ dataDir: dbDir });
  try {
    if (handle.kind !== 'pglite') throw new Error('unreachable');
    return { archive: await backupEmbedded(handle.client, env.DATA_DIR), via: dbDir };
  } finally {
    await handle.close();
  }
}

/** Written under a temporary name and renamed: a reader never finds half a file. */
export function writeWhole(file: string, data: Uint8Array): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A line for the operator at the terminal. */
export const say = (text: string) => void process.stdout.write(`${text}\n`);

/** Runs a command-line tool: a known problem is one line on stderr and exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
