// `npm run test:chaos`: the reliability suite. The built server runs as a child process on a
// data folder (embedded database) or a database of its own (PostgreSQL) while learners write,
// and the suite breaks things under it:
//   kill -9   during acknowledged writes, restarted on the same data: 0 lost, 0 counted twice;
//   kill -9   while a device's 500-answer offline batch is applied, the batch sent again: no
//             acknowledged answer lost, none applied twice, study time credited once;
//   SIGTERM   under load: exit 0 in time, requests in flight answered, no 5xx but 503 with
//             Retry-After, streams told to come back, nothing acknowledged lost on restart;
//   LISTEN    (PostgreSQL) the event connections terminated: live updates between two processes
//             come back without a restart;
//   outage    (PostgreSQL) every database connection cut for a few seconds (a TCP proxy), and a
//             throwaway cluster restarted under the server (`pg_ctl restart`, where PostgreSQL's
//             server programs are installed): requests answered 503 meanwhile, none hanging,
//             recovery without a restart of the server, nothing acknowledged lost.
// Prints its figures as tables; exits 1 when a check fails.
//
//   npm run test:chaos -- [--quick] [--database embedded|postgres|both] [--only SIGTERM]
//                         [--out file.json] [--port N (the first of six, default 4401)]
//
// PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is used as an
// admin URL to create and drop a database per scenario; the server itself is never restarted.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkEmbedded, checkPostgres, type Verdict } from './check-database.ts';
import { watchStream } from './event-stream.ts';
import { createChaosDatabase, type ChaosDatabase } from './postgres.ts';
import { serverProcess, type ServerProcess } from './server-process.ts';
import { startPostgresCluster } from './postgres-cluster.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { IMPORT_ROWS, killDuringImport } from './import-kill.ts';
import { killDuringSyncBatches } from './sync-batch-kill.ts';
import { acknowledged, Learner, newLedger, signUp, writeUntil, type Ledger } from './workload.ts';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    database: { type: 'string', default: 'both' },
    out: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string' },
  },
});
const QUICK = args.quick;
/** Acknowledged writes of the kill -9 scenario (after the learners' first words). */
const WRITES = QUICK ? 200 : 1_000;
const KILLS = QUICK ? 2 : 4;
const LEARNERS = QUICK ? 4 : 8;
const SIGTERM_WRITES = QUICK ? 100 : 400;
/** Offline batches killed while applied (after one sent whole). */
const SYNC_KILLS = QUICK ? 2 : 5;
const OUTAGE_MS = 3_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** The suite's ports (from 4401, or `--port`): two servers, the proxy and a cluster. */
const FIRST_PORT = Number(args.port) || 4401;
const PORT_A = FIRST_PORT;
const PORT_B = FIRST_PORT + 1;
const PROXY_PORT = FIRST_PORT + 4;
const CLUSTER_PORT = FIRST_PORT + 5;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECRET = randomBytes(32).toString('base64url');

type Kind = 'embedded' | 'postgres';
const kinds: Kind[] = args.database === 'both' ? ['embedded', 'postgres'] : [args.database as Kind];

interface Figure {
  scenario: string;
  database: Kind;
  figures: Record<string, number | string | boolean>;
  failures: string[];
}
const results: Figure[] = [];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for `condition`; a scenario whose writes stopped coming fails instead of hanging. */
async function until(condition: () => boolean, timeoutMs = 600_000): Promise<void> {
  const since = performance.now();
  while (!condition()) {
    if (performance.now() - since > timeoutMs) throw new Error('the writes stopped coming');
    await pause(10);
  }
}
const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
};

/** Where a scenario's server keeps its data, made fresh and removed after. */
interface Store {
  env: Record<string, string>;
  verify: (ledger: Ledger) => Promise<Verdict>;
  database?: ChaosDatabase;
  dispose: () => Promise<void>;
}

async function newStore(kind: Kind): Promise<Store> {
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'verba-chaos-'));
    return {
      env: { DATA_DIR: dataDir },
      verify: (ledger) => checkEmbedded(join(dataDir, 'db'), ledger),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createChaosDatabase(ADMIN_URL);
  return {
    env: { DATABASE_URL: database.url, BETTER_AUTH_SECRET: SECRET },
    verify: (ledger) => checkPostgres(database.url, ledger),
    database,
    dispose: () => database.drop(),
  };
}

/** The checks every scenario shares: nothing acknowledged lost or doubled, nothing unexpected. */
function commonFailures(verdict: Verdict, ledger: Ledger, servers: ServerProcess[]): string[] {
  const failures: string[] = servers.flatMap((server) =>
    server.crashes.map((crash) => `the server on ${server.port} ${crash}`),
  );
  if (verdict.lost > 0) failures.push(`${verdict.lost} acknowledged writes lost`);
  if (verdict.duplicated > 0) failures.push(`${verdict.duplicated} writes counted twice`);
  if (verdict.sessionsMiscounted > 0)
    failures.push(`${verdict.sessionsMiscounted} sessions whose answers and log disagree`);
  for (const what of ledger.unexpected.slice(0, 5)) failures.push(`unexpected: ${what}`);
  if (ledger.unexpected.length > 5) failures.push(`…and ${ledger.unexpected.length - 5} more`);
  return failures;
}

function ledgerFigures(verdict: Verdict, ledger: Ledger) {
  return {
    acknowledged: verdict.acknowledged,
    words: ledger.words.size,
    answers: ledger.answers.size,
    lost: verdict.lost,
    duplicated: verdict.duplicated,
    'replays (counted once)': ledger.replays,
    'resent after a lost answer': ledger.resent,
    '503 with Retry-After': ledger.unavailable,
    'refused connections (down)': ledger.refused,
    unexpected: ledger.unexpected.length,
  };
}

async function learnersOn(ledger: Ledger, url: () => string, prefix: string) {
  return Promise.all(
    Array.from({ length: LEARNERS }, (_, i) => Learner.create(ledger, url, `${prefix}${i}`)),
  );
}

/** kill -9 during acknowledged writes, restarted on the same data each time. */
async function killDuringWrites(kind: Kind): Promise<void> {
  const store = await newStore(kind);
  const server = serverProcess(PORT_A, { ...store.env });
  const ledger = newLedger();
  const restarts: number[] = [];
  try {
    await server.start();
    const learners = await learnersOn(ledger, () => server.url, 'k');
    const base = acknowledged(ledger);
    const target = base + WRITES;
    const writing = writeUntil(ledger, learners, () => acknowledged(ledger) >= target);
    for (let k = 1; k <= KILLS; k++) {
      await until(() => acknowledged(ledger) >= base + (WRITES * k) / (KILLS + 1));
      await pause(Math.random() * 30);
      await server.kill9();
      const since = performance.now();
      await server.start();
      restarts.push(performance.now() - since);
    }
    await writing;
    await server.terminate();
    const verdict = await store.verify(ledger);
    results.push({
      scenario: `kill -9 ×${KILLS} during writes`,
      database: kind,
      figures: {
        ...ledgerFigures(verdict, ledger),
        'rounds lost before an answer (decision 010)': ledger.roundsLost,
        'restart to healthy, worst (ms)': Math.round(Math.max(...restarts)),
      },
      failures: commonFailures(verdict, ledger, [server]),
    });
  } finally {
    await server.kill9();
    await store.dispose();
  }
}

/** kill -9 while a device's 500-answer offline batch is applied; the batch sent again. */
async function killDuringSync(kind: Kind): Promise<void> {
  const store = await newStore(kind);
  const server = serverProcess(PORT_A, { ...store.env });
  const ledger = newLedger();
  try {
    await server.start();
    const figures = await killDuringSyncBatches(server, ledger, SYNC_KILLS);
    await server.terminate();
    const verdict = await store.verify(ledger);
    const failures = commonFailures(verdict, ledger, [server]);
    if (figures.refusedOnResend > 0)
      failures.push(`${figures.refusedOnResend} entries refused when the batch was sent again`);
    if (figures.studyMinutes !== figures.expectedStudyMinutes)
      failures.push(
        `study time ${figures.studyMinutes} min where the sessions credit ${figures.expectedStudyMinutes}`,
      );
    results.push({
      scenario: `kill -9 ×${figures.kills} during a 500-answer sync batch`,
      database: kind,
      figures: {
        'answers acknowledged': verdict.acknowledged,
        lost: verdict.lost,
        'applied twice': verdict.duplicated,
        'sessions whose answers and log disagree': verdict.sessionsMiscounted,
        'entries committed before a kill (duplicate when resent)': figures.committedBeforeKill,
        'entries applied when resent': figures.appliedOnResend,
        'refused when resent': figures.refusedOnResend,
        'requests resent': figures.resends,
        'study minutes (expected)': `${figures.studyMinutes} (${figures.expectedStudyMinutes})`,
        'batch to answered, ms': figures.batchMs.join(', '),
      },
      failures,
    });
  } finally {
    await server.kill9();
    await store.dispose();
  }
}

/** kill -9 in the middle of a 20,000-row import; the job failed whole, then imported again. */
async function killMidImport(kind: Kind): Promise<void> {
  const store = await newStore(kind);
  const server = serverProcess(PORT_A, { ...store.env });
  const ledger = newLedger();
  try {
    await server.start();
    const figures = await killDuringImport(server, ledger);
    await server.terminate();
    const verdict = await store.verify(ledger);
    const failures = commonFailures(verdict, ledger, [server]);
    if (figures.wordsAfterKill !== 0)
      failures.push(`${figures.wordsAfterKill} words of the killed import kept (a half import)`);
    if (figures.statusAfterKill !== 'failed')
      failures.push(`the killed import shown as ${figures.statusAfterKill}, not failed`);
    if (figures.retryStatus !== 'done' || figures.retryImported !== IMPORT_ROWS)
      failures.push(`imported again: ${figures.retryStatus}, ${figures.retryImported} rows`);
    if (figures.wordsAfterRetry !== IMPORT_ROWS)
      failures.push(`${figures.wordsAfterRetry} words after the import again`);
    results.push({
      scenario: `kill -9 during a ${IMPORT_ROWS.toLocaleString('en')}-row import`,
      database: kind,
      figures: {
        'rows staged at the kill': figures.stagedAtKill,
        'words kept of the killed import': figures.wordsAfterKill,
        'the killed import shown as': figures.statusAfterKill,
        'shown as failed after (ms)': figures.failedAfterMs,
        'imported again': `${figures.retryStatus}, ${figures.retryImported} rows`,
        'words after': figures.wordsAfterRetry,
        'counted twice': verdict.duplicated,
      },
      failures,
    });
  } finally {
    await server.kill9();
    await store.dispose();
  }
}

/** SIGTERM under load, then a restart on the same data. */
async function sigtermUnderLoad(kind: Kind): Promise<void> {
  const store = await newStore(kind);
  const server = serverProcess(PORT_A, {
    ...store.env,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  });
  const ledger = newLedger();
  try {
    await server.start();
    const learners = await learnersOn(ledger, () => server.url, 't');
    const stream = await watchStream(server.url, learners[0]!.session);
    const base = acknowledged(ledger);
    const writing = writeUntil(
      ledger,
      learners,
      () => acknowledged(ledger) >= base + SIGTERM_WRITES,
    );
    await until(() => acknowledged(ledger) >= base + SIGTERM_WRITES / 2);
    const before = { ...ledger, unexpected: ledger.unexpected.length };
    const stopped = await server.terminate();
    await stream.ended;
    const hint = stream.events.at(-1);
    // Requests whose connection closed before an answer while the server stopped.
    const cut = ledger.resent - before.resent;
    const unavailable = ledger.unavailable - before.unavailable;
    const since = performance.now();
    await server.start();
    const restartMs = performance.now() - since;
    await writing;
    await server.terminate();
    const verdict = await store.verify(ledger);
    const failures = commonFailures(verdict, ledger, [server]);
    if (stopped.code !== 0) failures.push(`exit code ${stopped.code} (${stopped.signal})`);
    if (stopped.ms > SHUTDOWN_TIMEOUT_MS) failures.push(`took ${stopped.ms} ms to exit`);
    if (hint?.event !== 'restarting') failures.push('the stream was not told to come back');
    if (cut > 0) failures.push(`${cut} requests cut without an answer`);
    results.push({
      scenario: 'SIGTERM under load',
      database: kind,
      figures: {
        ...ledgerFigures(verdict, ledger),
        'exit code': stopped.code ?? String(stopped.signal),
        'SIGTERM to exit (ms)': stopped.ms,
        'requests cut while stopping': cut,
        '503 while stopping': unavailable,
        'stream told to come back': hint?.event === 'restarting',
        'restart to healthy (ms)': Math.round(restartMs),
      },
      failures,
    });
  } finally {
    await server.kill9();
    await store.dispose();
  }
}

/** PostgreSQL: both processes' LISTEN connections terminated; live updates must come back. */
async function listenConnectionKilled(): Promise<void> {
  const store = await newStore('postgres');
  const a = serverProcess(PORT_A, store.env);
  const b = serverProcess(PORT_B, store.env);
  const ledger = newLedger();
  try {
    await Promise.all([a.start(), b.start()]);
    const [learner] = await Promise.all([Learner.create(ledger, () => a.url, 'l', 0)]);
    const stream = await watchStream(b.url, learner!.session);
    const terminated = (await store.database?.terminateListeners()) ?? 0;
    const since = performance.now();
    // Words saved through A until B's stream tells of one.
    let heard: { at: number } | null = null;
    while (!heard && performance.now() - since < 30_000) {
      await learner!.saveWord();
      heard = await stream.waitFor((e) => e.event === 'change' && e.at > since, 200);
    }
    const reset = stream.events.some((e) => e.event === 'reset' && e.at > since);
    stream.close();
    await Promise.all([a.terminate(), b.terminate()]);
    const verdict = await store.verify(ledger);
    const failures = commonFailures(verdict, ledger, [a, b]);
    if (terminated < 2) failures.push(`only ${terminated} LISTEN connections found to terminate`);
    if (!heard) failures.push('live updates did not come back within 30 s');
    if (!reset) failures.push('the stream was not told to refresh (reset) after the gap');
    results.push({
      scenario: 'LISTEN connections terminated',
      database: 'postgres',
      figures: {
        'LISTEN connections terminated': terminated,
        'live updates back after (ms)': heard ? Math.round(heard.at - since) : 'never',
        'reset sent to the stream': reset,
        'words saved meanwhile': ledger.words.size,
        lost: verdict.lost,
        unexpected: ledger.unexpected.length,
      },
      failures,
    });
  } finally {
    await Promise.all([a.kill9(), b.kill9()]);
    await store.dispose();
  }
}

/**
 * How the database goes away under the server: every connection cut for a few seconds by a TCP
 * proxy in between, or a real `pg_ctl restart` of a throwaway cluster.
 */
interface Interruption {
  name: string;
  serverEnv: Record<string, string>;
  store: Store;
  /** Takes the database away; resolves when it is back. */
  interrupt: () => Promise<void>;
  dispose: () => Promise<void>;
}

async function proxyCut(): Promise<Interruption> {
  const store = await newStore('postgres');
  const target = new URL(store.database!.url);
  const proxy = await startTcpProxy(PROXY_PORT, {
    host: target.hostname,
    port: Number(target.port || 5432),
  });
  const viaProxy = Object.assign(new URL(store.database!.url), {
    hostname: '127.0.0.1',
    port: String(PROXY_PORT),
  }).toString();
  return {
    name: `database cut off for ${OUTAGE_MS / 1000} s (proxy)`,
    serverEnv: { ...store.env, DATABASE_URL: viaProxy },
    store,
    interrupt: async () => {
      proxy.cut();
      await pause(OUTAGE_MS);
      proxy.restore();
    },
    dispose: async () => {
      await proxy.close();
      await store.dispose();
    },
  };
}

async function clusterRestart(): Promise<Interruption | string> {
  const cluster = startPostgresCluster(CLUSTER_PORT);
  if (typeof cluster === 'string') return cluster;
  const database = await createChaosDatabase(cluster.adminUrl);
  const store: Store = {
    env: { DATABASE_URL: database.url, BETTER_AUTH_SECRET: SECRET },
    verify: (ledger) => checkPostgres(database.url, ledger),
    database,
    dispose: () => database.drop(),
  };
  return {
    name: 'database restarted (pg_ctl restart)',
    serverEnv: store.env,
    store,
    interrupt: () => cluster.restart(),
    dispose: async () => cluster.stop(),
  };
}

/** PostgreSQL goes away under load and comes back: the server recovers without a restart. */
async function databaseInterrupted(
  make: () => Promise<Interruption | string>,
  label: string,
): Promise<void> {
  const made = await make();
  if (typeof made === 'string') {
    console.log(`\n### ${label} (postgres)\n\nskipped: ${made}`);
    return;
  }
  const { store } = made;
  const server = serverProcess(PORT_A, made.serverEnv);
  const ledger = newLedger();
  try {
    await server.start();
    // A learner whose session this process has not checked yet: that needs the database.
    const probe = await signUp(server.url, 'probe');
    const learners = await learnersOn(ledger, () => server.url, 'o');
    const stream = await watchStream(server.url, learners[0]!.session);
    const base = acknowledged(ledger);
    // Writing goes on until a write was acknowledged after the outage too: a short outage can
    // pass while the writes' budget is still being spent.
    let recovered = false;
    const writing = writeUntil(
      ledger,
      learners,
      () => recovered && acknowledged(ledger) >= base + SIGTERM_WRITES,
    );
    await until(() => acknowledged(ledger) >= base + SIGTERM_WRITES / 2);
    const before = { unavailable: ledger.unavailable, latencies: ledger.latencies.length };
    const ackedBefore = acknowledged(ledger);
    const cutAt = performance.now();
    const interrupted = made.interrupt();
    await pause(500);
    const probed = await fetch(`${server.url}/api/profile`, {
      headers: { cookie: probe.cookie },
    }).catch(() => null);
    await interrupted;
    const ackedDuring = acknowledged(ledger) - ackedBefore;
    const restoredAt = performance.now();
    // Recovered: the first write acknowledged after the connections came back.
    const ackedAtRestore = acknowledged(ledger);
    await until(
      () => acknowledged(ledger) > ackedAtRestore || performance.now() - restoredAt > 60_000,
    );
    const recoveryMs = performance.now() - restoredAt;
    recovered = true;
    const outageLatencies = ledger.latencies.slice(before.latencies);
    await writing;
    // The stream heard the gap (reset) and hears changes again.
    const reset = await stream.waitFor((e) => e.event === 'reset' && e.at > cutAt, 15_000);
    await learners[0]!.saveWord();
    const heard = await stream.waitFor((e) => e.event === 'change' && e.at > restoredAt, 15_000);
    stream.close();
    await server.terminate();
    const verdict = await store.verify(ledger);
    const failures = commonFailures(verdict, ledger, [server]);
    if (!heard) failures.push('live updates did not come back after the outage');
    const probeStatus = probed?.status ?? 'no answer';
    if (probeStatus !== 200 && !(probeStatus === 503 && probed?.headers.get('retry-after')))
      failures.push(`a learner's first request during the outage was answered ${probeStatus}`);
    if (!reset) failures.push('the stream was not told to refresh (reset) after the outage');
    if (recoveryMs >= 60_000) failures.push('no write acknowledged within 60 s of the outage');
    results.push({
      scenario: made.name,
      database: 'postgres',
      figures: {
        ...ledgerFigures(verdict, ledger),
        'outage (ms)': Math.round(restoredAt - cutAt),
        'unseen session checked during the outage': probeStatus,
        'writes acknowledged during the outage': ackedDuring,
        '503 with Retry-After during the outage': ledger.unavailable - before.unavailable,
        'slowest answer around the outage (ms)': Math.round(Math.max(0, ...outageLatencies)),
        'p99 answer around the outage (ms)': p99(outageLatencies),
        'first write acknowledged after (ms)': Math.round(recoveryMs),
        'live updates back': Boolean(heard),
      },
      failures,
    });
  } finally {
    await server.kill9();
    await made.dispose();
  }
}

function print(result: Figure) {
  console.log(`\n### ${result.scenario} (${result.database})\n`);
  console.log('| figure | value |');
  console.log('|---|---|');
  for (const [name, value] of Object.entries(result.figures)) console.log(`| ${name} | ${value} |`);
  console.log(result.failures.length ? `\nFAILED:\n- ${result.failures.join('\n- ')}` : '\npassed');
}

const started = performance.now();
const scenarios: [string, () => Promise<void>][] = [];
for (const kind of kinds) {
  scenarios.push([`kill -9 (${kind})`, () => killDuringWrites(kind)]);
  scenarios.push([`sync batch killed (${kind})`, () => killDuringSync(kind)]);
  // On PostgreSQL a dead import is known once it stopped moving for a minute: the full run only.
  if (kind === 'embedded' || !QUICK) {
    scenarios.push([`import killed (${kind})`, () => killMidImport(kind)]);
  }
  scenarios.push([`SIGTERM (${kind})`, () => sigtermUnderLoad(kind)]);
  if (kind === 'postgres') {
    scenarios.push(['LISTEN killed (postgres)', listenConnectionKilled]);
    scenarios.push([
      'database cut off (postgres)',
      () => databaseInterrupted(proxyCut, 'database cut off'),
    ]);
    scenarios.push([
      'database restarted (postgres)',
      () => databaseInterrupted(clusterRestart, 'database restarted'),
    ]);
  }
}
console.log(
  `Chaos suite${QUICK ? ' (quick)' : ''}: ${WRITES} writes with ${KILLS} kills, ${LEARNERS} learners, on ${kinds.join(' and ')}`,
);
for (const [name, run] of scenarios) {
  if (args.only && !name.includes(args.only)) continue;
  const count = results.length;
  try {
    await run();
  } catch (error) {
    results.push({
      scenario: name,
      database: name.includes('postgres') ? 'postgres' : 'embedded',
      figures: {},
      failures: [`the scenario broke: ${error instanceof Error ? error.stack : String(error)}`],
    });
  }
  for (const result of results.slice(count)) print(result);
}
const failed = results.filter((r) => r.failures.length > 0);
const seconds = Math.round((performance.now() - started) / 1000);
console.log(
  `\n${results.length - failed.length} of ${results.length} scenarios passed in ${seconds} s`,
);
if (args.out) {
  writeFileSync(
    args.out,
    `${JSON.stringify({ date: new Date().toISOString(), quick: QUICK, seconds, results }, null, 2)}\n`,
  );
}
process.exit(failed.length > 0 ? 1 : 0);
