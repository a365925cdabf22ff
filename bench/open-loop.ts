// `npm run bench:open-loop`: what a small installation on the embedded database lives. Requests
// arrive at a fixed rate (100, then 200 a second), in the mix of learners practising at once
// (bench/open-loop/practice-mix.ts), and each is timed from when it was due, so a server that
// falls behind is charged for the wait. Budgets (design.md): reads p99 ≤ 50 ms, writes p99 ≤
// 100 ms, no errors. Then the rate is raised step by step to the saturation throughput, the rate
// at which p99 crosses 250 ms; then `bench:cost` prints what a request costs in CPU. The last
// closed-loop figures (`npm run bench:api`, 50 connections) are printed beside for reference.
//
//   --rates A,B         the arrival rates to hold, requests/s (default 100,200)
//   --seconds N         length of each rate's run (default 30), after 5 s of warm-up at the first
//   --learners N        learners practising (default 200), each with --words words (default 100)
//   --step N            the saturation search's step, requests/s (default 50)
//   --no-saturation, --no-cost   skip those parts
//   --database-url URL  PostgreSQL (an admin URL: a fresh database is made and dropped)
//   --port N            the server's port (default 4680)
//
// The figures are also written to bench/results/open-loop-<database>.json.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { OpenLoop, type PhaseFigures } from './open-loop/arrivals.ts';
import { PRACTICE_MIX, practiceArrivals, practisingLearners } from './open-loop/practice-mix.ts';
import { arg, flag, loadAverage, saveResults, type Row } from './load.ts';
import { startBenchServer } from './server.ts';
import { runAdminStatement } from '../apps/api/src/testing/postgres-admin.ts';

const rates = (arg('--rates') ?? '100,200').split(',').map(Number);
const seconds = Number(arg('--seconds')) || 30;
const learnerCount = Number(arg('--learners')) || 200;
const words = Number(arg('--words')) || 100;
const step = Number(arg('--step')) || 50;
const adminUrl = arg('--database-url');
const port = Number(arg('--port')) || 4680;
const BUDGETS = { read: 50, write: 100 } as const;
/** The saturation throughput is the rate at which p99 crosses this. */
const SATURATION_P99_MS = 250;
/** The saturation search stops here. */
const MAX_RATE = 5_000;
const databaseName = adminUrl ? 'PostgreSQL' : 'embedded (PGlite)';

const admin = (statement: string) => runAdminStatement(adminUrl ?? '', statement);

function printPhase(phase: PhaseFigures) {
  console.log(
    `\n### ${phase.rate} requests/s asked, ${phase.answeredPerSecond.toFixed(0)} answered` +
      `${phase.shed ? `, ${phase.shed} shed` : ''} (load average ${loadAverage()})\n`,
  );
  console.log('| request | share | count | p50 ms | p99 ms | max ms | errors | budget |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [group, budget] of Object.entries(BUDGETS)) {
    const f = phase.byKind[group];
    if (!f) continue;
    const met = f.p99 <= budget && f.errors === 0;
    console.log(
      `| **all ${group}s** | | ${f.count} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} | p99 ≤ ${budget} ms: ${met ? 'met' : 'MISSED'} |`,
    );
  }
  for (const entry of PRACTICE_MIX) {
    const f = phase.byKind[entry.name];
    if (f)
      console.log(
        `| ${entry.name} (${entry.group}) | ${entry.share} % | ${f.count} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors} | |`,
      );
  }
}

const met = (phase: PhaseFigures) =>
  Object.entries(BUDGETS).every(([group, budget]) => {
    const f = phase.byKind[group];
    return !f || (f.p99 <= budget && f.errors === 0);
  });

/** The last closed-loop figures of `bench:api` on the same database, when saved. */
function printClosedLoopReference() {
  const file = `bench/results/api-${adminUrl ? 'postgres' : 'embedded'}.json`;
  if (!existsSync(file)) {
    console.log(`\n(no closed-loop figures in ${file}: run npm run bench:api)`);
    return;
  }
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    measuredAt: string;
    loadAverage1m: number;
    rows: Row[];
  };
  console.log(
    `\n## For reference: closed loop, 50 connections (bench:api, ${saved.measuredAt.slice(0, 10)}, load average ${saved.loadAverage1m})\n`,
  );
  console.log('| request | req/s | p99 ms |\n|---|---|---|');
  for (const row of saved.rows.filter((r) => r.processes === 1))
    console.log(`| ${row.name} | ${row.rps} | ${row.p99} |`);
}

const env: Record<string, string> = { AUTH_RATE_LIMIT_SIGN_UP: '100000' };
const database = `verba_open_loop_${randomBytes(4).toString('hex')}`;
if (adminUrl) {
  await admin(`create database ${database}`);
  env.DATABASE_URL = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  env.BETTER_AUTH_SECRET = randomBytes(32).toString('hex');
}
const phases: PhaseFigures[] = [];
let saturation: { underMs: number | undefined; crossedAt: number | undefined } = {
  underMs: undefined,
  crossedAt: undefined,
};
try {
  const server = await startBenchServer(port, { cores: '0', env });
  const load = new OpenLoop([server.url]);
  try {
    console.log(`setting up ${learnerCount} learners with ${words} words each…`);
    const learners = await practisingLearners(server.url, learnerCount, words);
    const arrivals = practiceArrivals(learners);
    console.log(
      `\n# Open loop, ${databaseName}, server pinned to one core, ${learnerCount} learners practising; ${seconds} s a rate`,
    );
    await load.run(rates[0] ?? 100, 5, arrivals);
    for (const rate of rates) {
      const phase = await load.run(rate, seconds, arrivals);
      phases.push(phase);
      printPhase(phase);
    }
    if (!flag('--no-saturation')) {
      // Raise the rate until p99 crosses the line; each step runs half as long as a held rate.
      // From above the held rates when they all stayed under the line, else from the bottom.
      const heldUnder = phases.every((phase) => phase.all.p99 <= SATURATION_P99_MS);
      let below: number | undefined = heldUnder ? Math.max(...rates) : undefined;
      let rate = (below ?? 0) + step;
      for (; rate <= MAX_RATE; rate += step) {
        const phase = await load.run(rate, Math.max(10, seconds / 2), arrivals);
        console.log(
          `  ${rate}/s: p99 ${phase.all.p99} ms, ${phase.answeredPerSecond.toFixed(0)}/s answered, ${phase.all.errors} errors, load average ${loadAverage()}`,
        );
        if (phase.all.p99 > SATURATION_P99_MS || phase.shed > 0) break;
        below = rate;
      }
      saturation = { underMs: below, crossedAt: rate <= MAX_RATE ? rate : undefined };
      console.log(
        `\nsaturation throughput: ${saturation.underMs ?? `under ${step}`} requests/s ` +
          (saturation.crossedAt === undefined
            ? `(p99 stayed under ${SATURATION_P99_MS} ms up to ${MAX_RATE}/s)`
            : `(p99 crosses ${SATURATION_P99_MS} ms at ${saturation.crossedAt}/s)`),
      );
    }
  } finally {
    await load.close();
    await server.stop();
  }
} finally {
  if (adminUrl) await admin(`drop database if exists ${database} with (force)`);
}

console.log(`\n## Summary (${databaseName}, load average ${loadAverage()})\n`);
console.log('| rate asked | answered/s | reads p99 | writes p99 | errors | budgets |');
console.log('|---|---|---|---|---|---|');
for (const phase of phases) {
  console.log(
    `| ${phase.rate}/s | ${phase.answeredPerSecond.toFixed(0)} | ${phase.byKind.read?.p99} ms | ${phase.byKind.write?.p99} ms | ${phase.all.errors} | ${met(phase) ? 'met' : 'MISSED'} |`,
  );
}
printClosedLoopReference();
saveResults(`open-loop-${adminUrl ? 'postgres' : 'embedded'}`, {
  database: databaseName,
  learners: learnerCount,
  wordsPerLearner: words,
  seconds,
  mix: PRACTICE_MIX,
  phases,
  saturation,
});
if (!flag('--no-cost')) {
  console.log('\n## CPU cost per request (bench:cost)');
  spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/request-cost.ts',
      '--words',
      String(words * 10),
      ...(adminUrl ? ['--database-url', adminUrl] : []),
    ],
    { stdio: 'inherit' },
  );
}
