// `npm run bench:cost`: the CPU time one request costs the API process, route by route. On the
// embedded database its work runs in the same process and is counted; with `--database-url` the
// figure is the Node side, and the PostgreSQL server's own work is shown beside it when the server
// runs on this machine (read from /proc for the benchmark database's backends). Requests go one at a time through the
// app in process, so the figure holds even on a busy machine, where `bench:api`'s latencies do
// not. One core serves at most 1,000 / cost requests a second; at 50 connections a request waits
// behind up to 49 others, so p99 ≤ 50 ms needs a cost near 1 ms.
//
//   --words N      words in the learner's collection (default 5,000)
//   --reviews N    reviews in the learner's history, over the last year (default 100,000)
//   --requests N   requests per route and batch (default 300); the median of 5 batches is shown
//   --database-url URL   PostgreSQL (an admin URL: a fresh database is made and dropped)
//   --only TEXT    only the routes whose name contains TEXT
//   --profile DIR  write a CPU profile of the measured batches of each route into DIR (setup and
//                  warm-up left out), for Chromium's DevTools or a flame graph viewer
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Session } from 'node:inspector/promises';
import { maintainEmbeddedDatabase, schema } from '@verba/db';
import { eq, sql } from 'drizzle-orm';
import { reviewHistorySql } from './review-history.ts';
import { benchHarness, postgresCpuMs } from './harness.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const WORDS = Number(arg('--words')) || 5_000;
const REQUESTS = Number(arg('--requests')) || 300;
const REVIEWS = Number(arg('--reviews')) || 100_000;
const adminUrl = arg('--database-url');
const only = arg('--only');
const profileDir = arg('--profile');
const BATCHES = 5;

interface Case {
  name: string;
  /** A function gives each request its own path or body. */
  path: string | (() => string);
  method?: 'GET' | 'PATCH' | 'POST';
  json?: unknown;
  /** Request headers beyond the cookie, as the web app sends them. */
  headers?: Record<string, string>;
  /** Runs, unmeasured, before each batch of `count` requests. */
  prepare?: (count: number) => Promise<void>;
}

/** Items of started practice sessions, waiting for an answer. */
const unanswered: { sessionId: string; index: number; type: string }[] = [];
let answering: (typeof unanswered)[number] | undefined;

/** Starts infinity rounds (80 items each) until `count` items wait for an answer. */
async function practiceItems(count: number) {
  while (unanswered.length < count) {
    const response = await t.request('/api/practice/sessions', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id: randomUUID(), mode: 'infinity', timeZone: 'Europe/Madrid' },
    });
    const session = (await response.json()) as {
      id: string;
      items: { index: number; type: string }[];
    };
    for (const item of session.items) unanswered.push({ sessionId: session.id, ...item });
  }
}

const answerBody = () => {
  const item = answering;
  return {
    id: randomUUID(),
    itemIndex: item?.index ?? 0,
    answer:
      item?.type === 'multiple-choice'
        ? { type: 'multiple-choice', optionIndex: 0 }
        : item?.type === 'spelling'
          ? { type: 'spelling', text: 'kalo' }
          : { type: 'flashcard', knew: true },
    responseTimeMs: 4_000,
  };
};

const CASES: Case[] = [
  { name: 'health (no session)', path: '/api/health' },
  { name: 'profile read', path: '/api/profile' },
  { name: 'profile write', path: '/api/profile', method: 'PATCH', json: { displayName: 'Bench' } },
  { name: 'word list, first page', path: '/api/words?limit=50' },
  { name: 'word list, search', path: '/api/words?search=or&limit=50' },
  { name: 'word list, search, one match', path: '/api/words?search=4321&limit=50' },
  { name: 'word list, next review', path: '/api/words?sort=review&limit=50' },
  { name: 'progress (stats)', path: '/api/stats' },
  { name: "progress: a word's history", path: () => `/api/stats/words/${historyWordId}` },
  {
    name: 'practice: start infinity',
    path: '/api/practice/sessions',
    method: 'POST',
    json: () => ({ id: randomUUID(), mode: 'infinity', timeZone: 'Europe/Madrid' }),
  },
  {
    name: 'practice: answer',
    path: () => {
      answering = unanswered.shift();
      return `/api/practice/sessions/${answering?.sessionId ?? randomUUID()}/answers`;
    },
    method: 'POST',
    json: answerBody,
    // As the web app asks: the answer's result without the session it already holds.
    headers: { prefer: 'return=minimal' },
    prepare: practiceItems,
  },
];

const t = await benchHarness('cost', adminUrl);
const handle = t.database.handle;
const learner = await t.signUp();
const day = 86_400_000;
for (let from = 0; from < WORDS; from += 1_000) {
  await t.db.insert(schema.words).values(
    Array.from({ length: Math.min(1_000, WORDS - from) }, (_, k) => {
      const i = from + k;
      return {
        userId: learner.id,
        word: `palabra ${i}`,
        translation: `word ${i}`,
        ipa: 'paˈlaβɾa',
        examples: [
          { target: `Una frase con la palabra ${i}.`, translation: `A sentence with word ${i}.` },
          { target: `Otra frase, número ${i}.`, translation: `Another sentence, number ${i}.` },
        ],
        mnemonic: 'A short story that makes the word stick.',
        synonyms: ['vocablo', 'término'],
        grammarType: 'noun',
        cefrLevel: 'A2',
        tags: ['Travel'],
        nextReviewDate: new Date(Date.UTC(2026, 0, 1) + (i % 97) * day),
      };
    }),
  );
}
await t.db
  .update(schema.profiles)
  .set({ totalWords: WORDS })
  .where(eq(schema.profiles.id, learner.id));
for (const statement of reviewHistorySql(learner.id, REVIEWS))
  await t.db.execute(sql.raw(statement));
// A word with an average history (the reviews are spread evenly over the words).
const [{ id: historyWordId } = { id: randomUUID() }] = await t.db
  .select({ id: schema.words.id })
  .from(schema.words)
  .where(eq(schema.words.userId, learner.id))
  .limit(1);
await maintainEmbeddedDatabase(handle);
// PostgreSQL's autovacuum would vacuum and analyze the new rows within a minute; do not wait.
if (handle.kind === 'postgres') await handle.client.query('vacuum analyze');

async function costOf(c: Case): Promise<{ node: number; postgres: number | null }> {
  const call = async () => {
    const path = typeof c.path === 'function' ? c.path() : c.path;
    const json = typeof c.json === 'function' ? (c.json as () => unknown)() : c.json;
    const response = await t.request(path, {
      method: c.method ?? 'GET',
      cookie: learner.cookie,
      ...(c.headers ? { headers: c.headers } : {}),
      ...(json ? { json } : {}),
    });
    if (!response.ok) throw new Error(`${c.name}: ${response.status}`);
    await response.arrayBuffer();
  };
  await c.prepare?.(50);
  for (let i = 0; i < 50; i++) await call();
  const batches: { node: number; postgres: number | null }[] = [];
  const profiler = profileDir ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
  }
  for (let b = 0; b < BATCHES; b++) {
    await c.prepare?.(REQUESTS);
    const start = process.cpuUsage();
    const postgresStart = await postgresCpuMs(handle);
    await profiler?.post('Profiler.start');
    for (let i = 0; i < REQUESTS; i++) await call();
    const profile = await profiler?.post('Profiler.stop');
    const used = process.cpuUsage(start);
    if (profile && profileDir) {
      mkdirSync(profileDir, { recursive: true });
      const file = `${c.name.replace(/[^a-z0-9]+/gi, '-')}-${b + 1}.cpuprofile`;
      writeFileSync(`${profileDir}/${file}`, JSON.stringify(profile.profile));
    }
    const postgresEnd = await postgresCpuMs(handle);
    batches.push({
      node: (used.user + used.system) / 1_000 / REQUESTS,
      postgres:
        postgresStart === null || postgresEnd === null
          ? null
          : (postgresEnd - postgresStart) / REQUESTS,
    });
  }
  return batches.sort((a, b) => a.node - b.node)[Math.floor(BATCHES / 2)] ?? batches[0]!;
}

const database = adminUrl ? 'PostgreSQL' : 'embedded database';
console.log(
  `\nCPU time per request, one at a time, in process; ${database}; ${WORDS} words, ${REVIEWS} reviews; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
if (adminUrl) {
  console.log('| request | API process, CPU ms | PostgreSQL, CPU ms | one-core ceiling (req/s) |');
  console.log('|---|---|---|---|');
} else {
  console.log('| request | CPU ms / request | one-core ceiling (req/s) |');
  console.log('|---|---|---|');
}
for (const c of CASES.filter((c) => !only || c.name.includes(only))) {
  const { node, postgres } = await costOf(c);
  const ceiling = Math.round(1_000 / (node + (postgres ?? 0)));
  console.log(
    adminUrl
      ? `| ${c.name} | ${node.toFixed(2)} | ${postgres === null ? 'not on this machine' : postgres.toFixed(2)} | ${ceiling} |`
      : `| ${c.name} | ${node.toFixed(2)} | ${ceiling} |`,
  );
}
await t.close();
