import { createDatabase, migrateDatabase, type DatabaseHandle } from '@verba/db';
import { copyDatabase } from './copy-database.ts';

/**
 * Moves an embedded database into an empty PostgreSQL database: both are first migrated to this
 * version's schema, so every table and column matches, then every row is copied in one
 * transaction. Returns the rows copied per table.
 */
export async function moveToPostgres(
  source: DatabaseHandle,
  url: string,
): Promise<Map<string, number>> {
  if (source.kind !== 'pglite') throw new Error('The source must be an embedded database');
  const target = await createDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    if (target.kind !== 'postgres') throw new Error('The target must be PostgreSQL');
    await migrateDatabase(source);
    await migrateDatabase(target);
    const client = await target.client.connect();
    try {
      return await copyDatabase(source.client, client);
    } finally {
      client.release();
    }
  } finally {
    await target.close();
  }
}
