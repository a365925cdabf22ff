import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { takeTurns } from './embedded-turns.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: the same on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Runs statements: the database itself, or a transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle =
  | { kind: 'pglite'; db: Database; client: PGlite; close: () => Promise<void> }
  | {
      kind: 'postgres';
      db: Database;
      client: pg.Pool;
      /** For connections outside the pool (LISTEN). */
      url: string;
      close: () => Promise<void>;
    };

export interface DatabaseOptions {
  /** A PostgreSQL URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; `memory://` or undefined keeps it in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone one migrated database this way). */
  loadDataDir?: Blob | File;
  /** Connections per process on PostgreSQL. */
  poolSize?: number;
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/**
 * Planner settings of every connection. A learner's rows are few and stay in memory, so reading
 * an index entry out of order costs little more than reading the next row (PostgreSQL's advice
 * for cached data is a value near 1). With the default of 4, on a small server the planner found
 * a page of the word list by hashing the whole table and counted a search on every row of the
 * learner's instead of the narrow index made for it (word-list-plan.int.test.ts).
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const;
const settingEntries = Object.entries(PLANNER_SETTINGS);

/** How long a request waits for a PostgreSQL connection before it fails. */
const CONNECT_TIMEOUT_MS = 5_000;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the database restarts or is cut off, a request waits this long for a connection
      // and is then answered 503, instead of waiting for as long as the outage lasts.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      options: settingEntries.map(([name, value]) => `-c ${name}=${value}`).join(' '),
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    // The database's name says whose pool it was when several share a server (tests, benches).
    const database = new URL(options.databaseUrl).pathname.slice(1);
    pool.on('error', (error) =>
      console.error(`PostgreSQL pool error (${database}):`, error.message),
    );
    // A connection that breaks while a request holds it (a transaction, the refit lock) fails
    // that request's queries, which answer for it; but the pool listens for errors on idle
    // connections only, and an 'error' event nobody hears ends the process.
    // Every connection, until the pool has seen it end (see `close`).
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.on('error', () => {});
    });
    pool.on('remove', (client) => open.delete(client));
    const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database;
    return {
      kind: 'postgres',
      db,
      client: pool,
      url: options.databaseUrl,
      close: async () => {
        await pool.end();
        // pool.end() resolves once every connection has been asked to end, not once each has: a
        // database dropped straight after (a test's, a bench's) would cut them mid-goodbye, and
        // the pool would report the cut as an error.
        while (open.size > 0) await once(pool, 'remove');
      },
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  for (const [name, value] of settingEntries) await client.exec(`set ${name} = ${value}`);
  takeTurns(client);
  const db = drizzlePglite({ client, ...drizzleOptions }) as unknown as Database;
  return { kind: 'pglite', db, client, close: () => client.close() };
}
