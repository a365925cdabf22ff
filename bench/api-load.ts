// `npm run bench:api`: latency and throughput of the API under 50 concurrent connections, with
// the server pinned to one core. Budgets (design.md): authenticated reads p99 ≤ 50 ms, writes
// p99 ≤ 100 ms, no errors; a 500-answer offline sync batch ≤ 2 s embedded, ≤ 1 s PostgreSQL.
//
//   --seconds N           length of each measured run (default 10), after 3 s of warm-up
//   --words N             words in the learner's collection (default 5,000)
//   --database-url URL    PostgreSQL (an admin URL: a fresh database is made and dropped) instead
//                         of the embedded database; runs one server process, then two behind a
//                         round-robin.
//   --cpu-prof DIR        write a CPU profile of each server process into DIR (see
//                         docs/performance.md for how to read one)
//   --only TEXT           only the requests whose name contains TEXT
//   --port N              the first server's port (default 4640; a second one takes the next)
//   --reviews N           reviews in the learner's year of history, for the Progress screen's
//                         request (default 100,000; PostgreSQL only, written straight into it)
//
// The figures are also written to bench/results/api-<database>.json.
import { randomBytes } from 'node:crypto';
import {
  CONNECTIONS,
  CookieJar,
  apiCases,
  arg,
  loadAverage,
  measureCase,
  practiceRows,
  printRows,
  saveResults,
  type Row,
} from './load.ts';
import { reviewHistorySql } from './review-history.ts';
import { seedWords, signedInLearner, startBenchServer, type BenchServer } from './server.ts';
import { syncBatchRow } from './sync-batch.ts';
import { runAdminStatement } from '../apps/api/src/testing/postgres-admin.ts';

const seconds = Number(arg('--seconds')) || 10;
const adminUrl = arg('--database-url');
const cpuProfileDir = arg('--cpu-prof');
const only = arg('--only');
const port = Number(arg('--port')) || 4640;
const chosen = (name: string) => !only || name.includes(only);
const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];

/** The learner under load has a real collection, saved through the API. */
const SEED_WORDS = Number(arg('--words')) || 5_000;

const REVIEWS = Number(arg('--reviews')) || 100_000;

/** The Progress screen's one request, for a learner with a year of practice (PostgreSQL only). */
const PROGRESS_CASE = {
  name: 'progress (stats)',
  method: 'GET',
  path: '/api/stats',
  budgetP99Ms: 100,
} as const;

/** Gives the learner a year of practice, straight in the database (PostgreSQL only). */
async function seedReviewHistory(url: string, cookie: string) {
  if (!benchDatabaseUrl) return;
  const profile = (await (await fetch(`${url}/api/profile`, { headers: { cookie } })).json()) as {
    id: string;
  };
  for (const statement of reviewHistorySql(profile.id, REVIEWS))
    await admin(statement, benchDatabaseUrl);
  await settle();
}

/** Words in the practising learner's collection. */
const PRACTICE_WORDS = 2_000;

/** A learner with `words` words saved through the API, settled as autovacuum would leave them. */
async function learnerWithWords(url: string, words: number): Promise<CookieJar> {
  const jar = new CookieJar(await signedInLearner(url));
  await seedWords(url, jar.header(), words);
  await settle();
  return jar;
}

async function run(servers: BenchServer[]): Promise<Row[]> {
  const urls = servers.map((s) => s.url);
  const learner = await learnerWithWords(urls[0] ?? '', SEED_WORDS);
  const rows: Row[] = [];
  // "4321" is one word's number: a search that matches one word.
  for (const c of apiCases('4321').filter((c) => chosen(c.name))) {
    rows.push(await measureCase(urls, [learner], c, servers.length, seconds));
  }
  // The embedded database belongs to the server process: the history cannot be written beside it.
  if (benchDatabaseUrl && chosen(PROGRESS_CASE.name)) {
    await seedReviewHistory(urls[0] ?? '', learner.header());
    rows.push(await measureCase(urls, [learner], PROGRESS_CASE, servers.length, seconds));
  }
  if (chosen('practice: start a session') || chosen('practice: submit an answer')) {
    const practising = await learnerWithWords(urls[0] ?? '', PRACTICE_WORDS);
    rows.push(
      ...(await practiceRows(
        urls,
        [practising],
        servers.length,
        seconds,
        `${PRACTICE_WORDS} words`,
      )),
    );
  }
  // One learner's device sending its outbox: one process is enough to measure it.
  if (servers.length === 1 && chosen('practice: sync')) {
    const offline = await learnerWithWords(urls[0] ?? '', 200);
    rows.push(await syncBatchRow(urls[0] ?? '', offline, benchDatabaseUrl ? 1_000 : 2_000));
  }
  return rows;
}

const admin = (statement: string, connectionString = adminUrl) =>
  runAdminStatement(connectionString ?? '', statement);

/** The bench database on PostgreSQL (made fresh for the run). */
let benchDatabaseUrl: string | undefined;

/**
 * Measures the steady state, not the minute after a bulk import: PostgreSQL's autovacuum would
 * vacuum and analyze the seeded rows within a minute (the embedded server's maintenance job does
 * the same every 10 s), so do it now instead of waiting.
 */
async function settle() {
  if (benchDatabaseUrl) await admin('vacuum analyze', benchDatabaseUrl);
}

const rows: Row[] = [];
if (!adminUrl) {
  const server = await startBenchServer(port, { cores: '0', nodeArgs });
  try {
    rows.push(...(await run([server])));
  } finally {
    await server.stop();
  }
} else {
  const database = `verba_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  benchDatabaseUrl = databaseUrl;
  const env = { DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString('hex') };
  await admin(`create database ${database}`);
  try {
    const first = await startBenchServer(port, { cores: '0', env, nodeArgs });
    try {
      rows.push(...(await run([first])));
      const second = await startBenchServer(port + 1, { cores: '1', env, nodeArgs });
      try {
        rows.push(...(await run([first, second])));
      } finally {
        await second.stop();
      }
    } finally {
      await first.stop();
    }
  } finally {
    await admin(`drop database if exists ${database} with (force)`);
  }
}

const database = adminUrl ? 'PostgreSQL' : 'embedded (PGlite)';
console.log(
  `\nAPI under ${CONNECTIONS} connections, ${seconds} s a run, each server process pinned to one core; ` +
    `database: ${database}; load average ${loadAverage()}\n`,
);
printRows(rows);
const missed = rows.filter((r) => !r.met).length;
console.log(missed === 0 ? '\nall budgets met' : `\n${missed} budget(s) missed`);
saveResults(`api-${adminUrl ? 'postgres' : 'embedded'}`, {
  database,
  words: SEED_WORDS,
  seconds,
  connections: CONNECTIONS,
  rows,
});
