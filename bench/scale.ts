// `npm run bench:scale`: the API's budgets at 10,000 learners on PostgreSQL. Seeds (once) a
// database of the bench's own with 10,000 learners x 1,000 words and 10 M review-log rows by COPY,
// prints each route's query plans (EXPLAIN ANALYZE, and the cached generic plan), the database's
// size and what fills it, then runs `bench:api`'s routes at 50 connections for learners spread
// over the whole population: one server process, then two. Budgets (design.md): reads p99 ≤ 50 ms,
// writes p99 ≤ 100 ms, no errors. The figures are printed beside the one-learner figures
// (`bench/results/api-postgres.json`, written by `npm run bench:api -- --database-url …`) and
// written to `bench/results/scale.json`.
//
//   --database-url URL  the PostgreSQL server, as an admin URL (default the local one)
//   --database NAME     the bench's database (default verba_scale); kept for the next run
//   --reseed            make and seed the database again
//   --seed-only         seed, print plans and sizes, run no load
//   --learners N, --words N, --reviews N   the population (default 10,000 x 1,000 x 1,000)
//   --signed-in N       learners signed in for the load, spread evenly (default 500)
//   --seconds N         length of each measured run (default 10), after 3 s of warm-up
//   --only TEXT         only the requests whose name contains TEXT
//   --port N            the first server's port (default 4660; a second one takes the next)
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import {
  ANSWER_HEADERS,
  CONNECTIONS,
  CookieJar,
  answerBody,
  apiCases,
  arg,
  flag,
  loadAverage,
  measureCase,
  practiceRows,
  saveResults,
  type Row,
} from './load.ts';
import { scaleDatabase } from './scale/database.ts';
import { checkPlans, type PlanCheck, type RouteCall } from './scale/plans.ts';
import { learnerEmail, SCALE_PASSWORD } from './scale/seed.ts';
import { startBenchServer, type BenchServer } from './server.ts';

const adminUrl = arg('--database-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const population = {
  learners: Number(arg('--learners')) || 10_000,
  wordsPerLearner: Number(arg('--words')) || 1_000,
  reviewsPerLearner: Number(arg('--reviews')) || 1_000,
};
const seconds = Number(arg('--seconds')) || 10;
const signedInCount = Math.min(Number(arg('--signed-in')) || 500, population.learners);
const port = Number(arg('--port')) || 4660;
const only = arg('--only');
const chosen = (name: string) => !only || name.includes(only);

// "421" is one word's number in every collection (they hold words 0 to 999).
const CASES = apiCases('421');

const databaseUrl = await scaleDatabase(
  adminUrl,
  arg('--database') ?? 'verba_scale',
  population,
  flag('--reseed'),
);

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

// ── What fills the database ──

async function printSizes() {
  const [database] = await query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  const tables = await query<Record<string, string>>(`
    select c.relname as table, to_char(c.reltuples, 'FM999,999,999') as rows,
           pg_size_pretty(pg_total_relation_size(c.oid)) as total,
           pg_size_pretty(pg_relation_size(c.oid)) as heap,
           pg_size_pretty(pg_indexes_size(c.oid)) as indexes,
           pg_size_pretty(coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)) as toast
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'
     order by pg_total_relation_size(c.oid) desc limit 6`);
  const indexes = await query<Record<string, string>>(`
    select c.relname as index, t.relname as table, pg_size_pretty(pg_relation_size(c.oid)) as size
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public'
     order by pg_relation_size(c.oid) desc limit 12`);
  console.log(`\n## Database size: ${database?.size}\n`);
  console.log('| table | rows | total | heap | indexes | TOAST |\n|---|---|---|---|---|---|');
  for (const t of tables)
    console.log(`| ${t.table} | ${t.rows} | ${t.total} | ${t.heap} | ${t.indexes} | ${t.toast} |`);
  console.log('\n| index | table | size |\n|---|---|---|');
  for (const i of indexes) console.log(`| ${i.index} | ${i.table} | ${i.size} |`);
  // Practice sessions are not seeded; the bench's own rounds show what one costs on disk.
  const [session] = await query<{ rows: string; bytes: string | null }>(
    `select count(*) as rows, round(avg(pg_column_size(s.*))) as bytes from daily_practice_sessions s`,
  );
  if (session?.bytes)
    console.log(
      `\npractice sessions: ${session.rows} stored, ${session.bytes} bytes each on average (row, compressed)`,
    );
  return { database: database?.size, tables, indexes, practiceSessionBytes: session?.bytes };
}

// ── Plans ──

function planRoutes(): RouteCall[] {
  let session: { id: string; items: { index: number; type: 'flashcard' }[] } | undefined;
  let answered = 0;
  const apiRoutes: RouteCall[] = CASES.filter((c) => c.budgetP99Ms !== undefined).map((c) => ({
    name: c.name,
    method: c.method,
    path: c.path,
    ...(c.body ? { body: () => JSON.parse(c.body!) as unknown } : {}),
  }));
  return [
    ...apiRoutes,
    {
      name: 'practice: start a session',
      method: 'POST',
      path: '/api/practice/sessions',
      body: () => ({ id: randomUUID(), mode: 'infinity', timeZone: 'Europe/Madrid' }),
      onJson: (body) => {
        session = body as typeof session;
        answered = 0;
      },
    },
    {
      name: 'practice: submit an answer',
      method: 'POST',
      path: () => `/api/practice/sessions/${session?.id}/answers`,
      body: () => JSON.parse(answerBody(session?.items[answered++])) as unknown,
      headers: ANSWER_HEADERS,
    },
  ];
}

// ── Load ──

/** Signs in `count` learners spread evenly over the population, a few at a time. */
async function signIn(url: string, count: number): Promise<CookieJar[]> {
  const jars: CookieJar[] = [];
  const one = async (k: number) => {
    const n = Math.floor(((k + 0.5) * population.learners) / count);
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: learnerEmail(n), password: SCALE_PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in of learner ${n} failed: ${response.status}`);
    await response.arrayBuffer();
    jars[k] = new CookieJar(response.headers.getSetCookie()[0] ?? '');
  };
  for (let k = 0; k < count; k += 8) {
    await Promise.all(Array.from({ length: Math.min(8, count - k) }, (_, i) => one(k + i)));
  }
  return jars;
}

async function measureAll(urls: string[], learners: CookieJar[], label: string): Promise<Row[]> {
  console.log(`\nmeasuring: ${label} (load average ${loadAverage()})`);
  const rows: Row[] = [];
  for (const c of CASES.filter((c) => chosen(c.name))) {
    rows.push(await measureCase(urls, learners, c, urls.length, seconds));
  }
  if (chosen('practice')) {
    const words = `${population.wordsPerLearner} words`;
    rows.push(...(await practiceRows(urls, learners, urls.length, seconds, words)));
  }
  return rows.map((row) => ({ ...row, name: row.name.split(' (')[0]! }));
}

interface Runs {
  oneLearner: Row[];
  spread: Row[];
  spreadTwoProcesses: Row[];
}

async function runLoad(): Promise<Runs> {
  const env = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString('hex') };
  const servers: BenchServer[] = [];
  try {
    servers.push(await startBenchServer(port, { cores: '0', env }));
    const first = servers[0]!.url;
    const learners = await signIn(first, signedInCount);
    const oneLearner = await measureAll([first], learners.slice(0, 1), 'one learner, 1 process');
    const spread = await measureAll([first], learners, `${signedInCount} learners, 1 process`);
    servers.push(await startBenchServer(port + 1, { cores: '1', env }));
    const spreadTwoProcesses = await measureAll(
      servers.map((s) => s.url),
      learners,
      `${signedInCount} learners, 2 processes`,
    );
    return { oneLearner, spread, spreadTwoProcesses };
  } finally {
    for (const server of servers) await server.stop();
  }
}

// ── The report ──

interface Saved {
  measuredAt: string;
  loadAverage1m: number;
  words: number;
  rows: Row[];
}

/** `bench:api`'s last PostgreSQL figures (one learner on a fresh database), when there are some. */
function oneLearnerFigures(): Saved | undefined {
  const file = 'bench/results/api-postgres.json';
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Saved) : undefined;
}

const cell = (row: Row | undefined) =>
  row
    ? `${row.p99} ms (${row.rps.toLocaleString('en')}/s${row.errors ? `, ${row.errors} errors` : ''})`
    : '—';

function printComparison(runs: Runs) {
  const fresh = oneLearnerFigures();
  const freshRow = (name: string) =>
    fresh?.rows.find((r) => r.processes === 1 && r.name.split(' (')[0] === name);
  console.log(
    `\n## p99 (req/s) at ${CONNECTIONS} connections, ${seconds} s runs, load average ${loadAverage()}\n`,
  );
  console.log(
    `| request | budget | 1 learner, fresh database (bench:api${fresh ? `, ${fresh.words} words, ${fresh.measuredAt.slice(0, 10)}, load ${fresh.loadAverage1m}` : ': no figures saved'}) ` +
      `| one of ${population.learners.toLocaleString('en')} learners | ${signedInCount} learners spread, 1 process | the same, 2 processes |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of runs.spread) {
    const by = (rows: Row[]) => rows.find((r) => r.name === row.name);
    console.log(
      `| ${row.name} | ${row.budget} | ${cell(freshRow(row.name))} | ${cell(by(runs.oneLearner))} | ${cell(row)} | ${cell(by(runs.spreadTwoProcesses))} |`,
    );
  }
}

console.log(`\n# bench:scale (load average ${loadAverage()})`);
const sizes = await printSizes();
let plans: PlanCheck[] = [];
if (!flag('--no-plans')) {
  console.log('\n## Query plans of one learner in the middle of the population');
  plans = await checkPlans(
    databaseUrl,
    learnerEmail(Math.floor(population.learners / 2)),
    SCALE_PASSWORD,
    planRoutes().filter((r) => chosen(r.name)),
  );
  console.log(
    '\n| route | statements | full scans of a big table | slowest statement (EXPLAIN ANALYZE) | database CPU ms per request |',
  );
  console.log('|---|---|---|---|---|');
  for (const p of plans)
    console.log(
      `| ${p.route} | ${p.statements} | ${p.seqScans} | ${p.slowestMs.toFixed(2)} ms | ${p.databaseCpuMs?.toFixed(2) ?? 'not on this machine'} |`,
    );
}
if (!flag('--seed-only')) {
  const runs = await runLoad();
  printComparison(runs);
  const missed = runs.spread.filter((r) => !r.met);
  console.log(
    missed.length === 0
      ? '\nall budgets met at scale (one process)'
      : `\n${missed.length} budget(s) missed at scale (one process): ${missed.map((r) => r.name).join(', ')}`,
  );
  saveResults('scale', {
    population,
    signedIn: signedInCount,
    seconds,
    connections: CONNECTIONS,
    sizes,
    plans,
    ...runs,
  });
}
const fullScans = plans.reduce((sum, p) => sum + p.seqScans, 0);
if (fullScans > 0) console.log(`\n${fullScans} statement(s) read a big table whole`);
