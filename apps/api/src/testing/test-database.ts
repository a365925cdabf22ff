import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createDatabase, type DatabaseHandle } from '@verba/db';
import { inject } from 'vitest';
import { databaseUrlFor, runAdminStatement } from './postgres-admin.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Opens another, independent connection pool to the same database (a second API process). */
  connectAgain: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

/**
 * A database of its own for one test file, already migrated: a PGlite loaded from the migrated
 * dump, or a PostgreSQL database copied from the migrated template when TEST_DATABASE_URL is set.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (postgresUrl && template) {
    const name = `verba_test_${randomBytes(6).toString('hex')}`;
    await runAdminStatement(postgresUrl, `create database ${name} template ${template}`);
    const url = databaseUrlFor(postgresUrl, name);
    const handles: DatabaseHandle[] = [];
    const connect = async () => {
      const handle = await createDatabase({ databaseUrl: url, poolSize: 4 });
      handles.push(handle);
      return handle;
    };
    const handle = await connect();
    return {
      handle,
      connectAgain: connect,
      drop: async () => {
        await Promise.all(handles.map((h) => h.close()));
        await runAdminStatement(postgresUrl, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteDumpPath'))]);
  const handle = await createDatabase({ dataDir: 'memory://', loadDataDir: dump });
  return {
    handle,
    // PGlite lives inside one process: a second "process" shares the same database handle.
    connectAgain: async () => handle,
    drop: () => handle.close(),
  };
}
