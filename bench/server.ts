// Starts the built server for a benchmark, on a data folder of its own, and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

export interface BenchServerOptions {
  /** Pin the server to these CPU cores (taskset), so a load generator does not share them. */
  cores?: string;
  /** More environment for the server (DATABASE_URL, BETTER_AUTH_SECRET, …). */
  env?: Record<string, string>;
  /** Extra Node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

export async function startBenchServer(
  port: number,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verba-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const args = [...(options.nodeArgs ?? []), 'apps/api/dist/server.mjs'];
  const pin = options.cores && existsSync('/usr/bin/taskset');
  const child: ChildProcess = pin
    ? spawn('taskset', ['-c', options.cores ?? '0', process.execPath, ...args], {
        env,
        stdio: 'inherit',
      })
    : spawn(process.execPath, args, { env, stdio: 'inherit' });
  const url = `http://localhost:${port}`;
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error('the server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up a learner who has finished onboarding; returns the session cookie. */
export async function signedInLearner(url: string): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'violet-harbour-lantern-42' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  await fetch(`${url}/api/profile/onboarding`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ nativeLanguage: 'en', targetLanguage: 'es' }),
  });
  return cookie;
}
