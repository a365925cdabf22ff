import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrateDatabase } from '@verba/db';
import type { TestProject } from 'vitest/node';
import { databaseUrlFor, runAdminStatement } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: a dump of one migrated database that every test file starts from. */
    pgliteDumpPath: string;
    /** PostgreSQL mode: a migrated database that every test file copies as a template. */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before any test runs. A fresh PGlite takes seconds to initialise and a
 * migration more; copying a migrated one per test file takes a fraction of that.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const template = `verba_template_${process.pid}`;
    await runAdminStatement(postgresUrl, `drop database if exists ${template}`);
    await runAdminStatement(postgresUrl, `create database ${template}`);
    const handle = await createDatabase({
      databaseUrl: databaseUrlFor(postgresUrl, template),
      poolSize: 1,
    });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteDumpPath', '');
    return async () => {
      await runAdminStatement(postgresUrl, `drop database if exists ${template} with (force)`);
    };
  }

  const folder = mkdtempSync(join(tmpdir(), 'verba-test-db-'));
  const handle = await createDatabase({ dataDir: 'memory://' });
  if (handle.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(handle);
  const dump = await handle.client.dumpDataDir('none');
  const dumpPath = join(folder, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', '');
  return () => rmSync(folder, { recursive: true, force: true });
}
