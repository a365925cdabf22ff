import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createDatabase, migrateDatabase, type DatabaseHandle } from '@verba/db';
import { TestHarness } from '../apps/api/src/testing/harness.ts';
import { databaseUrlFor, runAdminStatement } from '../apps/api/src/testing/postgres-admin.ts';

/**
 * The harness of the API's tests, in process, on a migrated database of its own: a PostgreSQL
 * database made beside `adminUrl`'s (dropped by `close()`), or an embedded one in memory, or in
 * `dataDir` (a folder on disk, as the server keeps it; removed by `close()`).
 */
export async function benchHarness(
  prefix: string,
  adminUrl?: string,
  dataDir?: string,
): Promise<TestHarness> {
  const name = `verba_${prefix}_${randomBytes(4).toString('hex')}`;
  if (adminUrl) await runAdminStatement(adminUrl, `create database ${name}`);
  const handle = await createDatabase(
    adminUrl ? { databaseUrl: databaseUrlFor(adminUrl, name) } : dataDir ? { dataDir } : {},
  );
  await migrateDatabase(handle);
  return TestHarness.onDatabase({
    handle,
    connectAgain: () => Promise.reject(new Error('one process only')),
    drop: async () => {
      await handle.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (adminUrl)
        await runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`);
    },
  });
}

/** CPU ms the benchmark database's backends have used, or null when they cannot be read here. */
export async function postgresCpuMs(handle: DatabaseHandle): Promise<number | null> {
  if (handle.kind !== 'postgres') return null;
  const { rows } = await handle.client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime, stime.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  // Linux counts in clock ticks of 10 ms.
  return ticks * 10;
}
