// How PostgreSQL runs each route's statements at scale: the routes run once in process (the API's
// test harness on the bench's database), every statement they send is recorded, and each is
// explained twice: EXPLAIN ANALYZE of the plan made for its values (in a transaction rolled back,
// so a write changes nothing), and the generic plan a prepared statement caches after five runs.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { TestHarness } from '../../apps/api/src/testing/harness.ts';
import { createDatabase } from '@verba/db';

export interface RouteCall {
  name: string;
  method: 'GET' | 'PATCH' | 'POST';
  /** A function sees what the route before it answered (an answer needs a started session). */
  path: string | (() => string);
  body?: () => unknown;
  headers?: Record<string, string>;
  onJson?: (body: unknown) => void;
}

interface Statement {
  text: string;
  values: unknown[];
}

/** Tables of more than this many rows are big: reading one whole grows with the population. */
const BIG_TABLE_ROWS = 5_000;

async function bigTables(client: pg.Client): Promise<RegExp> {
  const { rows } = await client.query<{ name: string }>(
    `select relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.reltuples > $1`,
    [BIG_TABLE_ROWS],
  );
  const names = rows.map((r) => r.name.replace(/[^a-z_]/g, ''));
  return names.length === 0 ? /$^/ : new RegExp(`Seq Scan on "?(${names.join('|')})"?\\b`);
}

/** Statements that plan nothing: transaction control, settings, the live-update channel. */
const UNPLANNED = /^\s*(begin|commit|rollback|set |select 1\b|listen|unlisten|savepoint|release)/i;

let recording: Statement[] | undefined;

/** Records what every pg client of this process sends while `recording` is on. */
function recordStatements() {
  const prototype = pg.Client.prototype as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const send = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: string })?.text;
    const bound =
      typeof config === 'object' && config && 'values' in config
        ? (config as { values?: unknown[] }).values
        : Array.isArray(values)
          ? values
          : [];
    if (recording && text && !UNPLANNED.test(text)) recording.push({ text, values: bound ?? [] });
    return send.apply(this, args);
  };
}

const compact = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A plan's nodes without their figures and conditions, to see whether two plans differ. */
const shape = (plan: string) =>
  plan
    .split('\n')
    .filter((line) => !/^\s*(Planning|Execution) Time|^\s+[A-Z][a-zA-Z ]*: /.test(line))
    .map((line) => line.replace(/\s*\((actual|never).*$/, '').trimEnd())
    .join('\n');

/** A bound value as an SQL literal: EXECUTE takes its arguments in the statement's text. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return client.escapeLiteral(`{${value.map((v) => JSON.stringify(String(v))).join(',')}}`);
  if (typeof value === 'object') return client.escapeLiteral(JSON.stringify(value));
  return client.escapeLiteral(String(value));
}

async function explain(
  client: pg.Client,
  statement: Statement,
): Promise<{
  analyzed: string;
  generic: string;
}> {
  const parameters = statement.values.map((value) => literal(client, value)).join(', ');
  const execute = `execute scale_plan${parameters ? `(${parameters})` : ''}`;
  await client.query('begin');
  try {
    await client.query(`prepare scale_plan as ${statement.text}`);
    const analyzed = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, summary on) ${execute}`,
    );
    await client.query('set local plan_cache_mode = force_generic_plan');
    const generic = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${execute}`);
    const text = (result: pg.QueryResult<{ 'QUERY PLAN': string }>) =>
      result.rows.map((row) => row['QUERY PLAN']).join('\n');
    return { analyzed: text(analyzed), generic: text(generic) };
  } finally {
    await client.query('rollback');
    await client.query('deallocate all');
  }
}

/** CPU ms the connection's backend has used (PostgreSQL on this machine), or null. */
async function backendCpuMs(client: pg.Client): Promise<number | null> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  try {
    const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    // Fields 14 and 15 of /proc/<pid>/stat (after the command in parentheses): utime, stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Runs of each statement when its database CPU is measured. */
const COST_RUNS = 500;

/**
 * The database's CPU per run of a statement, prepared once as the app prepares it (the cached
 * plan after five runs), each run in a transaction rolled back so a write leaves nothing behind.
 */
async function databaseCpuMs(client: pg.Client, statement: Statement): Promise<number | null> {
  const name = `scale_cost_${Math.random().toString(36).slice(2)}`;
  const run = async () => {
    await client.query('begin');
    await client.query({ name, text: statement.text, values: statement.values });
    await client.query('rollback');
  };
  for (let i = 0; i < 10; i++) await run();
  const before = await backendCpuMs(client);
  for (let i = 0; i < COST_RUNS; i++) await run();
  const after = await backendCpuMs(client);
  await client.query(`deallocate ${name}`);
  return before === null || after === null ? null : (after - before) / COST_RUNS;
}

export interface PlanCheck {
  route: string;
  statements: number;
  /** The database's CPU ms for the route's statements, as run by the app (null: not measurable). */
  databaseCpuMs: number | null;
  /** Statements whose plan (for the values or cached) reads a table of over 5,000 rows whole. */
  seqScans: number;
  /** The slowest statement's execution time, ms. */
  slowestMs: number;
}

/**
 * Runs each route once as `email` (a learner of the population), then again recording, and prints
 * every statement with its plans. A full scan of a big table is flagged.
 */
export async function checkPlans(
  databaseUrl: string,
  email: string,
  password: string,
  routes: RouteCall[],
): Promise<PlanCheck[]> {
  recordStatements();
  const handle = await createDatabase({ databaseUrl, poolSize: 2 });
  const harness = await TestHarness.onDatabase({
    handle,
    connectAgain: () => Promise.reject(new Error('one process only')),
    drop: () => handle.close(),
  });
  const explainer = new pg.Client({ connectionString: databaseUrl });
  await explainer.connect();
  const BIG_TABLES = await bigTables(explainer);
  // What a run's transaction costs by itself, taken off each statement's figure.
  const baseline = (await databaseCpuMs(explainer, { text: 'select 1', values: [] })) ?? 0;
  const checks: PlanCheck[] = [];
  try {
    const signIn = await harness.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password },
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const call = async (route: RouteCall) => {
      const response = await harness.request(
        typeof route.path === 'function' ? route.path() : route.path,
        {
          method: route.method,
          cookie,
          ...(route.headers ? { headers: route.headers } : {}),
          ...(route.body ? { json: route.body() } : {}),
        },
      );
      if (!response.ok) throw new Error(`${route.name}: ${response.status}`);
      const body = (await response.json()) as unknown;
      route.onJson?.(body);
    };
    for (const route of routes) {
      await call(route);
      recording = [];
      await call(route);
      const statements = recording;
      recording = undefined;
      console.log(`\n### ${route.name}\n`);
      let seqScans = 0;
      let slowestMs = 0;
      let cpuMs: number | null = 0;
      for (const statement of statements) {
        const cost = await databaseCpuMs(explainer, statement);
        cpuMs = cost === null || cpuMs === null ? null : cpuMs + Math.max(0, cost - baseline);
        const { analyzed, generic } = await explain(explainer, statement);
        const scans = BIG_TABLES.test(analyzed) || BIG_TABLES.test(generic);
        if (scans) seqScans++;
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(analyzed)?.[1] ?? 0);
        slowestMs = Math.max(slowestMs, ms);
        console.log(`${compact(statement.text).slice(0, 160)}…`);
        console.log(scans ? '**reads a big table whole**' : 'learner-scoped index reads');
        console.log('```');
        console.log(analyzed);
        if (shape(generic) !== shape(analyzed)) {
          console.log('-- cached (generic) plan:');
          console.log(generic);
        }
        console.log('```');
      }
      checks.push({
        route: route.name,
        statements: statements.length,
        databaseCpuMs: cpuMs,
        seqScans,
        slowestMs,
      });
    }
  } finally {
    await explainer.end();
    await harness.stop();
    await handle.close().catch(() => {});
  }
  return checks;
}
