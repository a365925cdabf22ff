// `npm run bench:soak -- --minutes 10`: the built server under the practice mix at a fixed
// arrival rate for a long while. Prints, minute by minute, the server's resident memory and the
// p99 of reads and writes, then a verdict: whether memory grows (a least-squares slope over the
// minutes after the first) and whether any request failed (none should).
//
//   --minutes N         how long (default 10)
//   --rate N            requests a second (default 100)
//   --learners N        learners practising (default 200), each with --words words (default 100)
//   --database-url URL  PostgreSQL (an admin URL: a fresh database is made and dropped) instead
//                       of the embedded database
//   --port N            the server's port (default 4700)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OpenLoop, type PhaseFigures } from './open-loop/arrivals.ts';
import { practiceArrivals, practisingLearners } from './open-loop/practice-mix.ts';
import { arg, loadAverage, saveResults } from './load.ts';
import { startBenchServer } from './server.ts';
import { runAdminStatement } from '../apps/api/src/testing/postgres-admin.ts';

const minutes = Number(arg('--minutes')) || 10;
const rate = Number(arg('--rate')) || 100;
const learnerCount = Number(arg('--learners')) || 200;
const words = Number(arg('--words')) || 100;
const adminUrl = arg('--database-url');
const port = Number(arg('--port')) || 4700;
/** Memory that grows by more than this share over the run is a trend, not noise. */
const GROWTH_TOLERANCE = 0.05;

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) / 1024;
}

/** Least-squares slope of `values` against their index. */
function slope(values: number[]): number {
  const n = values.length;
  if (n < 2) return 0;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  return num / den;
}

const admin = (statement: string) => runAdminStatement(adminUrl ?? '', statement);

interface Minute {
  minute: number;
  rssMb: number;
  loadAverage: number;
  figures: PhaseFigures;
}

const env: Record<string, string> = { AUTH_RATE_LIMIT_SIGN_UP: '100000' };
const database = `verba_soak_${randomBytes(4).toString('hex')}`;
if (adminUrl) {
  await admin(`create database ${database}`);
  env.DATABASE_URL = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  env.BETTER_AUTH_SECRET = randomBytes(32).toString('hex');
}
const databaseName = adminUrl ? 'PostgreSQL' : 'embedded (PGlite)';
const log: Minute[] = [];
try {
  const server = await startBenchServer(port, { cores: '0', env });
  const load = new OpenLoop([server.url]);
  try {
    console.log(`setting up ${learnerCount} learners with ${words} words each…`);
    const arrivals = practiceArrivals(await practisingLearners(server.url, learnerCount, words));
    console.log(
      `\n# Soak: ${rate} requests/s for ${minutes} min, ${databaseName}, server pinned to one core\n`,
    );
    console.log(
      '| minute | answered/s | reads p50 / p99 ms | writes p50 / p99 ms | errors | RSS MB | load average |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (let minute = 1; minute <= minutes; minute++) {
      const figures = await load.run(rate, 60, arrivals);
      const entry = {
        minute,
        rssMb: rssMb(server.pid),
        loadAverage: Number(loadAverage()),
        figures,
      };
      log.push(entry);
      const { read, write } = figures.byKind;
      console.log(
        `| ${minute} | ${figures.answeredPerSecond.toFixed(0)} | ${read?.p50} / ${read?.p99} | ${write?.p50} / ${write?.p99} | ${figures.all.errors} | ${entry.rssMb.toFixed(0)} | ${entry.loadAverage} |`,
      );
    }
  } finally {
    await load.close();
    await server.stop();
  }
} finally {
  if (adminUrl) await admin(`drop database if exists ${database} with (force)`);
}

// The first minute fills caches and compiles code; the trend is read after it.
const settled = log.slice(1).map((m) => m.rssMb);
const perMinute = slope(settled);
const start = settled[0] ?? Number.NaN;
const growth = (perMinute * Math.max(settled.length - 1, 1)) / start;
const errors = log.reduce((sum, m) => sum + m.figures.all.errors, 0);
const growing = growth > GROWTH_TOLERANCE;
console.log(
  `\nmemory: ${perMinute >= 0 ? '+' : ''}${perMinute.toFixed(1)} MB a minute after the first minute ` +
    `(${(growth * 100).toFixed(1)} % over the run): ${growing ? 'GROWS' : 'no growth trend'}`,
);
console.log(`errors: ${errors}${errors === 0 ? '' : ' (none expected)'}`);
console.log(growing || errors > 0 ? '\nverdict: FAILED' : '\nverdict: steady');
saveResults(`soak-${adminUrl ? 'postgres' : 'embedded'}`, {
  database: databaseName,
  rate,
  minutes,
  learners: learnerCount,
  rssSlopeMbPerMinute: perMinute,
  growth,
  errors,
  log,
});
if (growing || errors > 0) process.exitCode = 1;
