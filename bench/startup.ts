// `npm run bench:startup`: how long the built server takes to answer /api/health, on a fresh data
// folder (first start: creates and migrates the embedded database) and then on the existing one.
// Budget (design.md): ready within 3 s on an existing data folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFlags } from './server.ts';

const PORT = 4620;
const RUNS = 5;
const BUDGET_MS = 3000;

async function timeToHealthy(dataDir: string): Promise<number> {
  const started = performance.now();
  const server = spawn(process.execPath, [...serveFlags(), 'apps/api/dist/server.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://localhost:${PORT}/api/health`)).ok)
          return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000)
        throw new Error('the server did not start within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'verba-bench-startup-'));
try {
  const first = await timeToHealthy(dataDir);
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) again.push(await timeToHealthy(dataDir));
  again.sort((a, b) => a - b);
  const median = again[Math.floor(again.length / 2)] ?? NaN;
  const worst = again.at(-1) ?? NaN;
  console.log('| start | time to healthy |');
  console.log('|---|---|');
  console.log(`| first (new data folder) | ${Math.round(first)} ms |`);
  console.log(`| existing data folder, median of ${RUNS} | ${Math.round(median)} ms |`);
  console.log(`| existing data folder, worst of ${RUNS} | ${Math.round(worst)} ms |`);
  console.log(
    `budget ${BUDGET_MS} ms on an existing data folder: ${worst <= BUDGET_MS ? 'met' : 'MISSED'}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
