import type { DatabaseHandle } from './client.ts';

/**
 * Autovacuum for the embedded database. PGlite runs PostgreSQL in single-user mode, where the
 * autovacuum launcher never starts: without it the planner has no statistics, guesses that a
 * learner owns a couple of dozen rows, and sorts all 5,000 of their words to show a page of 50
 * instead of reading the list's index in order (10 ms instead of 1 ms per page). This applies
 * autovacuum's own default thresholds (`autovacuum_analyze_threshold` 50 + 10 % of the rows,
 * `autovacuum_vacuum_threshold` 50 + 20 %); the API runs it every few seconds (services.ts).
 */

const ANALYZE = { base: 50, scale: 0.1 };
const VACUUM = { base: 50, scale: 0.2 };

interface TableActivity {
  relname: string;
  n_live_tup: number;
  n_dead_tup: number;
  n_mod_since_analyze: number;
}

/**
 * Analyzes, or vacuums and analyzes, the embedded database's tables that are over autovacuum's
 * thresholds, and names them. Does nothing on PostgreSQL, whose autovacuum does this itself.
 */
export async function maintainEmbeddedDatabase(handle: DatabaseHandle): Promise<string[]> {
  if (handle.kind !== 'pglite') return [];
  const client = handle.client;
  // Single-user mode publishes table activity only when asked to.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<TableActivity>(
    `select relname, n_live_tup::float8 as n_live_tup, n_dead_tup::float8 as n_dead_tup,
            n_mod_since_analyze::float8 as n_mod_since_analyze
       from pg_stat_user_tables where schemaname = 'public'`,
  );
  const done: string[] = [];
  for (const table of rows) {
    const vacuum = table.n_dead_tup > VACUUM.base + VACUUM.scale * table.n_live_tup;
    const analyze = table.n_mod_since_analyze > ANALYZE.base + ANALYZE.scale * table.n_live_tup;
    if (!vacuum && !analyze) continue;
    const name = `"${table.relname.replaceAll('"', '""')}"`;
    await client.exec(vacuum ? `vacuum (analyze) ${name}` : `analyze ${name}`);
    done.push(table.relname);
  }
  return done;
}
