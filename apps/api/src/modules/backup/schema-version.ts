import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '@verba/db';

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** How many committed migrations this version of Verba has. */
export function knownMigrations(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** How many migrations a database has applied (0 for one never migrated). */
export async function appliedMigrations(query: Query): Promise<number> {
  const { rows } = await query(
    `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
       else (select count(*)::int from drizzle.__drizzle_migrations) end as n`,
  );
  return Number((rows[0] as { n: number | string }).n);
}

export class NewerBackupError extends Error {}

/** A backup from a newer Verba cannot be migrated backwards: say so before touching anything. */
export function assertNotNewer(migrations: number): void {
  const known = knownMigrations();
  if (migrations > known) {
    throw new NewerBackupError(
      `This backup was made by a newer Verba (${migrations} migrations; this one knows ${known}). Upgrade Verba, then restore.`,
    );
  }
}
