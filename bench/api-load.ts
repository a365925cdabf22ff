// `npm run bench:api`: latency and throughput of the API under 50 concurrent connections, with
// the server pinned to one core. Budgets (design.md): authenticated reads p99 ≤ 50 ms, writes
// p99 ≤ 100 ms, no errors.
//
//   --seconds N           length of each measured run (default 10), after 3 s of warm-up
//   --words N             words in the learner's collection (default 5,000)
//   --database-url URL    PostgreSQL (an admin URL: a fresh database is made and dropped) instead
//                         of the embedded database; runs one server process, then two behind a
//                         round-robin.
//   --cpu-prof DIR        write a CPU profile of each server process into DIR (see
//                         docs/performance.md for how to read one)
//   --only TEXT           only the requests whose name contains TEXT
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedWords, signedInLearner, startBenchServer, type BenchServer } from './server.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const seconds = Number(arg('--seconds')) || 10;
const adminUrl = arg('--database-url');
const cpuProfileDir = arg('--cpu-prof');
const only = arg('--only');
const chosen = (name: string) => !only || name.includes(only);
const nodeArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
const CONNECTIONS = 50;

interface Case {
  name: string;
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  body?: string;
  budgetP99Ms?: number;
}

/** The learner under load has a real collection, saved through the API. */
const SEED_WORDS = Number(arg('--words')) || 5_000;

const CASES: Case[] = [
  { name: 'health (no session)', method: 'GET', path: '/api/health' },
  { name: 'profile read', method: 'GET', path: '/api/profile', budgetP99Ms: 50 },
  {
    name: 'profile write',
    method: 'PATCH',
    path: '/api/profile',
    body: JSON.stringify({ displayName: 'Bench' }),
    budgetP99Ms: 100,
  },
  { name: 'word list, first page', method: 'GET', path: '/api/words?limit=50', budgetP99Ms: 50 },
  {
    // A common search: "or" is in a third of the seeded words.
    name: 'word list, search',
    method: 'GET',
    path: '/api/words?search=or&limit=50',
    budgetP99Ms: 50,
  },
  {
    // A search for one word (its number), which reads the narrow search index to the end.
    name: 'word list, search, one match',
    method: 'GET',
    path: '/api/words?search=4321&limit=50',
    budgetP99Ms: 50,
  },
  {
    name: 'word list, next review',
    method: 'GET',
    path: '/api/words?sort=review&limit=50',
    budgetP99Ms: 50,
  },
];

/**
 * Every cookie the server sets is kept and sent back, as a browser would, so a refreshed session
 * cookie is honoured during the run.
 */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(initial: string) {
    this.store(initial);
  }

  store(setCookie: string) {
    const pair = setCookie.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

interface Row {
  name: string;
  processes: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  kB: number;
  budget: string;
  met: boolean;
}

/** Seconds of load before each measured run, whose figures are dropped. */
const WARM_UP_SECONDS = 3;

/**
 * The measured run after a short warm-up with the same requests: a process's first requests on a
 * route compile its code and open the database pool's connections, while a budget speaks of a
 * server in its steady state.
 */
async function warmThenMeasure(options: autocannon.Options): Promise<autocannon.Result> {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  return autocannon(options);
}

async function measure(urls: string[], jar: CookieJar, c: Case, processes: number): Promise<Row> {
  const result = await warmThenMeasure({
    url: urls as unknown as string, // autocannon round-robins over several URLs; its types say one
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: c.method,
        path: c.path,
        ...(c.body ? { body: c.body } : {}),
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, cookie: jar.header(), 'content-type': 'application/json' },
        }),
        onResponse: (_status, _body, _context, headers) => {
          const setCookie = (headers as Record<string, string | string[] | undefined>)[
            'set-cookie'
          ];
          for (const cookie of [setCookie ?? []].flat()) jar.store(cookie);
        },
      },
    ],
  });
  return toRow(c.name, processes, result, c.budgetP99Ms);
}

/** One line of the table from autocannon's result; a row without a budget is always met. */
function toRow(
  name: string,
  processes: number,
  result: autocannon.Result,
  budgetP99Ms: number | undefined,
): Row {
  const errors = result.errors + result.timeouts + result.non2xx;
  const met = budgetP99Ms === undefined || (result.latency.p99 <= budgetP99Ms && errors === 0);
  return {
    name,
    processes,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors,
    // Bytes received per response, headers included.
    kB: result.requests.total === 0 ? 0 : result.throughput.total / result.requests.total / 1000,
    budget: budgetP99Ms === undefined ? '—' : `p99 ≤ ${budgetP99Ms} ms: ${met ? 'met' : 'MISSED'}`,
    met,
  };
}

async function run(servers: BenchServer[]): Promise<Row[]> {
  const urls = servers.map((s) => s.url);
  const jar = new CookieJar(await signedInLearner(urls[0] ?? ''));
  await seedWords(urls[0] ?? '', jar.header(), SEED_WORDS);
  await settle();
  const rows: Row[] = [];
  for (const c of CASES.filter((c) => chosen(c.name))) {
    rows.push(await measure(urls, jar, c, servers.length));
  }
  if (chosen('practice: start a session') || chosen('practice: submit an answer'))
    rows.push(...(await practiceBench(urls, servers.length)));
  return rows;
}

// ── Practice: starting a session and submitting answers (issue 9) ──

/** Words in the practising learner's collection. */
const PRACTICE_WORDS = 2_000;

/**
 * Started rounds whose items the answers' run answers: 80 items each, enough for a run of a
 * minute, spread so that concurrent answers rarely wait for the same round.
 */
const ROUNDS_TO_ANSWER = 1_000;

interface PracticeItemRef {
  sessionId: string;
  index: number;
  type: 'flashcard' | 'multiple-choice' | 'spelling';
}

/** One practice request under load: a fresh body per request, and what each answer said. */
async function measurePractice(
  urls: string[],
  jar: CookieJar,
  name: string,
  request: { method: 'POST'; path: () => string; body: () => string },
  onBody: (status: number, body: string) => void,
  processes: number,
): Promise<Row> {
  const budgetP99Ms = 100;
  const result = await warmThenMeasure({
    url: urls as unknown as string,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: request.method,
        setupRequest: (r) => ({
          ...r,
          path: request.path(),
          body: request.body(),
          headers: {
            ...r.headers,
            cookie: jar.header(),
            'content-type': 'application/json',
            // As the web app asks: an answer's result without the session it already holds.
            prefer: 'return=minimal',
          },
        }),
        onResponse: (status, body) => onBody(status, body),
      },
    ],
  });
  return toRow(name, processes, result, budgetP99Ms);
}

/**
 * A learner with 2,000 words starts infinity rounds (20 random words, 80 items, each start a new
 * session), then answers the items of those rounds, spread over the sessions so that concurrent
 * answers do not queue on one session's lock. An answer is checked, logged and stored; the last
 * of a session completes it.
 */
async function practiceBench(urls: string[], processes: number): Promise<Row[]> {
  const jar = new CookieJar(await signedInLearner(urls[0] ?? ''));
  await seedWords(urls[0] ?? '', jar.header(), PRACTICE_WORDS);
  await settle();
  const started: PracticeItemRef[][] = [];
  const startRow = await measurePractice(
    urls,
    jar,
    `practice: start a session (${PRACTICE_WORDS} words)`,
    {
      method: 'POST',
      path: () => '/api/practice/sessions',
      body: () => JSON.stringify({ id: randomUUID(), mode: 'infinity', timeZone: 'Europe/Madrid' }),
    },
    (status, body) => {
      // The load generator shares the machine: it reads only the rounds the answers' run needs.
      if (status !== 201 || started.length >= ROUNDS_TO_ANSWER) return;
      const session = JSON.parse(body) as {
        id: string;
        items: Omit<PracticeItemRef, 'sessionId'>[];
      };
      started.push(
        session.items.map((i) => ({ sessionId: session.id, index: i.index, type: i.type })),
      );
    },
    processes,
  );
  // Round-robin over sessions: item 0 of every session, then item 1, …
  const queue: PracticeItemRef[] = [];
  for (let index = 0; started.some((items) => index < items.length); index++) {
    for (const items of started) if (items[index]) queue.push(items[index]!);
  }
  let next = 0;
  let current: PracticeItemRef | undefined;
  const answerRow = await measurePractice(
    urls,
    jar,
    `practice: submit an answer (${PRACTICE_WORDS} words)`,
    {
      method: 'POST',
      path: () => {
        current = queue[next++ % Math.max(queue.length, 1)];
        return `/api/practice/sessions/${current?.sessionId ?? randomUUID()}/answers`;
      },
      body: () => {
        const item = current;
        const answer =
          item?.type === 'multiple-choice'
            ? { type: 'multiple-choice', optionIndex: 0 }
            : item?.type === 'spelling'
              ? { type: 'spelling', text: 'kalo' }
              : { type: 'flashcard', knew: true };
        return JSON.stringify({
          id: randomUUID(),
          itemIndex: item?.index ?? 0,
          answer,
          responseTimeMs: 4_000,
        });
      },
    },
    () => {},
    processes,
  );
  if (next > queue.length) {
    console.warn(
      `practice bench: ${next} answers for ${queue.length} items; later ones were refused`,
    );
  }
  return [startRow, answerRow];
}
// ── end of practice ──

async function admin(statement: string, connectionString = adminUrl) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

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
  const server = await startBenchServer(4640, { cores: '0', nodeArgs });
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
    const first = await startBenchServer(4640, { cores: '0', env, nodeArgs });
    try {
      rows.push(...(await run([first])));
      const second = await startBenchServer(4641, { cores: '1', env, nodeArgs });
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

console.log(
  `\nAPI under ${CONNECTIONS} connections, ${seconds} s a run, each server process pinned to one core; ` +
    `database: ${adminUrl ? 'PostgreSQL' : 'embedded (PGlite)'}\n`,
);
console.log(
  '| request | processes | req/s | p50 ms | p90 ms | p99 ms | errors | kB / response | budget |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.processes} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} | ${r.kB.toFixed(1)} | ${r.budget} |`,
  );
}
const missed = rows.filter((r) => !r.met).length;
console.log(missed === 0 ? '\nall budgets met' : `\n${missed} budget(s) missed`);
