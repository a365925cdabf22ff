import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

/** Resolved through the package, so it is right from source and from the bundled server alike. */
export const MIGRATIONS_FOLDER = join(
  dirname(createRequire(import.meta.url).resolve('@verba/db/package.json')),
  'migrations',
);

// Any fixed number: every process that migrates the same PostgreSQL database takes this lock.
const MIGRATION_LOCK_ID = 7_305_118;

/** Applies the committed SQL migrations. Safe when several processes start at once. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), config);
    return;
  }
  const connection = await handle.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: connection }), config);
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    connection.release();
  }
}
