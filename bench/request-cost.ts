// `npm run bench:cost`: the CPU time one request costs the API process, route by route. On the
// embedded database its work runs in the same process and is counted; with `--database-url` the
// PostgreSQL server's own work is not, and the figure is the Node side alone. Requests go one at a time through the
// app in process, so the figure holds even on a busy machine, where `bench:api`'s latencies do
// not. One core serves at most 1,000 / cost requests a second; at 50 connections a request waits
// behind up to 49 others, so p99 ≤ 50 ms needs a cost near 1 ms.
//
//   --words N      words in the learner's collection (default 5,000)
//   --requests N   requests per route and batch (default 300); the median of 5 batches is shown
//   --database-url URL   PostgreSQL (an admin URL: a fresh database is made and dropped)
//   --only TEXT    only the routes whose name contains TEXT (to profile one with --cpu-prof)
import { randomBytes } from 'node:crypto';
import { createDatabase, maintainEmbeddedDatabase, migrateDatabase, schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { TestHarness } from '../apps/api/src/testing/harness.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const WORDS = Number(arg('--words')) || 5_000;
const REQUESTS = Number(arg('--requests')) || 300;
const adminUrl = arg('--database-url');
const only = arg('--only');
const BATCHES = 5;

interface Case {
  name: string;
  path: string;
  method?: 'GET' | 'PATCH';
  json?: unknown;
}

const CASES: Case[] = [
  { name: 'health (no session)', path: '/api/health' },
  { name: 'profile read', path: '/api/profile' },
  { name: 'profile write', path: '/api/profile', method: 'PATCH', json: { displayName: 'Bench' } },
  { name: 'word list, first page', path: '/api/words?limit=50' },
  { name: 'word list, search', path: '/api/words?search=or&limit=50' },
  { name: 'word list, next review', path: '/api/words?sort=review&limit=50' },
];

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const databaseName = `verba_cost_${randomBytes(4).toString('hex')}`;
if (adminUrl) await admin(`create database ${databaseName}`);
const handle = await createDatabase(
  adminUrl
    ? {
        databaseUrl: Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString(),
      }
    : {},
);
await migrateDatabase(handle);
// The harness of the API's tests, on a database of its own.
const t = await TestHarness.onDatabase({
  handle,
  connectAgain: () => Promise.reject(new Error('one process only')),
  drop: async () => {
    await handle.close();
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  },
});
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
await maintainEmbeddedDatabase(handle);
// PostgreSQL's autovacuum would analyze the new rows within a minute; do not wait for it.
if (handle.kind === 'postgres') await handle.client.query('analyze');

async function costOf(c: Case): Promise<number> {
  const call = async () => {
    const response = await t.request(c.path, {
      method: c.method ?? 'GET',
      cookie: learner.cookie,
      ...(c.json ? { json: c.json } : {}),
    });
    if (!response.ok) throw new Error(`${c.name}: ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await call();
  const batches: number[] = [];
  for (let b = 0; b < BATCHES; b++) {
    const start = process.cpuUsage();
    for (let i = 0; i < REQUESTS; i++) await call();
    const used = process.cpuUsage(start);
    batches.push((used.user + used.system) / 1_000 / REQUESTS);
  }
  return batches.sort((a, b) => a - b)[Math.floor(BATCHES / 2)] ?? NaN;
}

const database = adminUrl ? "PostgreSQL (the server's own work not counted)" : 'embedded database';
console.log(`\nCPU time per request, one at a time, in process; ${database}; ${WORDS} words\n`);
console.log('| request | CPU ms / request | one-core ceiling (req/s) |');
console.log('|---|---|---|');
for (const c of CASES.filter((c) => !only || c.name.includes(only))) {
  const cost = await costOf(c);
  console.log(`| ${c.name} | ${cost.toFixed(2)} | ${Math.round(1_000 / cost)} |`);
}
await t.close();
