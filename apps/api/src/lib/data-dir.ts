import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Bits that give the file's group or anyone else access. */
const GROUP_AND_OTHERS = 0o077;

/**
 * From now on, whatever this process creates (database files, the auth secret) is for its own user
 * only, whatever umask it was started with.
 */
export function restrictNewFiles(): void {
  process.umask(GROUP_AND_OTHERS);
}

/**
 * Makes DATA_DIR and everything under it owner-only: folders 0700, files 0600 (or tighter).
 * Besides new folders, this covers what others could already read: the embedded database writes its
 * initial files world-readable whatever the umask, and an older install or a copied folder may
 * be open too. Symbolic links are left alone, never followed.
 */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrict(dir);
}

function restrict(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  const mode = stat.mode & 0o777;
  const wanted = stat.isDirectory() ? 0o700 : mode & ~GROUP_AND_OTHERS & 0o777;
  if (mode !== wanted) chmodSync(path, wanted);
  if (stat.isDirectory()) for (const entry of readdirSync(path)) restrict(join(path, entry));
}
