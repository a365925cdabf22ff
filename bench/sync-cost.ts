// `npm run bench:sync-cost`: where a 500-answer offline sync batch (`bench:api`'s `practice:
// sync` case) spends its time, in process and one batch at a time, so the figures hold on a busy
// machine: statements sent to the database per batch, CPU time of the Node process (on the
// embedded database its work is in it), the time spent waiting on statements, and on PostgreSQL
// the CPU time of its backends (read from /proc when the server runs on this machine).
//
//   --database-url URL   PostgreSQL (an admin URL: a fresh database is made and dropped)
//   --runs N             batches measured (default 5), after one unmeasured
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import type { SyncResponse } from '@verba/shared';
import pg from 'pg';
import { benchHarness, postgresCpuMs } from './harness.ts';
import { BATCH_WORDS, earlyOnDay, outbox } from './sync-batch.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const adminUrl = arg('--database-url');
const RUNS = Number(arg('--runs')) || 5;

const t = await benchHarness('sync_cost', adminUrl);
const handle = t.database.handle;

/** Statements sent and the wall time spent waiting for them, counted at the driver. */
const sent = { statements: 0, waitMs: 0 };
function counted<F extends (...args: never[]) => unknown>(run: F): F {
  return function (this: unknown, ...args: Parameters<F>) {
    sent.statements++;
    const since = performance.now();
    const result = run.apply(this, args);
    if (result instanceof Promise) {
      return result.finally(() => (sent.waitMs += performance.now() - since));
    }
    return result;
  } as F;
}
if (handle.kind === 'pglite') {
  // Every statement, in a transaction or not, takes the embedded database's turn once.
  const client = handle.client as PGlite & { _runExclusiveQuery: (...a: never[]) => unknown };
  client._runExclusiveQuery = counted(client._runExclusiveQuery.bind(client));
} else {
  pg.Client.prototype.query = counted(
    pg.Client.prototype.query,
  ) as typeof pg.Client.prototype.query;
}

const learner = await t.signUp();
await t.request('/api/profile/onboarding', {
  method: 'POST',
  cookie: learner.cookie,
  json: { nativeLanguage: 'en', targetLanguage: 'es' },
});
const words = [];
for (let i = 0; i < BATCH_WORDS; i++) {
  const word = { id: randomUUID(), word: `palabra ${i}`, translation: `word ${i}` };
  const response = await t.request('/api/words', {
    method: 'POST',
    cookie: learner.cookie,
    json: word,
  });
  if (!response.ok) throw new Error(`seeding failed: ${response.status}`);
  words.push(word);
}
if (handle.kind === 'postgres') await handle.client.query('vacuum analyze');

const rows: string[] = [];
for (let run = 0; run <= RUNS; run++) {
  // Each batch ten minutes after the last.
  const entries = outbox(words, earlyOnDay(0, run * 10));
  const before = { ...sent, cpu: process.cpuUsage(), pg: await postgresCpuMs(handle) };
  const since = performance.now();
  const response = await t.request('/api/practice/sync', {
    method: 'POST',
    cookie: learner.cookie,
    json: { entries },
  });
  const body = (await response.json()) as SyncResponse;
  const wall = performance.now() - since;
  const cpu = process.cpuUsage(before.cpu);
  const pgCpu = await postgresCpuMs(handle);
  if (!body.results.every((r) => r.status === 'applied')) throw new Error('an entry did not apply');
  if (run === 0) continue;
  rows.push(
    `| ${run} | ${entries.length} | ${Math.round(wall)} | ${Math.round((cpu.user + cpu.system) / 1000)} | ${
      sent.statements - before.statements
    } | ${Math.round(sent.waitMs - before.waitMs)} | ${
      pgCpu === null || before.pg === null ? '–' : pgCpu - before.pg
    } |`,
  );
}
console.log(
  `\nA 500-answer sync batch, in process; ${handle.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  '| batch | entries | wall ms | Node CPU ms | statements | waiting on statements, ms | PostgreSQL CPU ms |',
);
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
await t.close();
