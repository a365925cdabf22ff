// Starts the built server for a benchmark, on a data folder of its own, and stops it afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BenchServer {
  url: string;
  /** The server process, to read its memory from /proc. */
  pid: number | undefined;
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

/** The Node flags `npm run serve` gives the server: the benchmark measures the same process. */
export function serveFlags(): string[] {
  const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: { serve: string };
  };
  return manifest.scripts.serve.split(' ').filter((part) => part.startsWith('--'));
}

export async function startBenchServer(
  port: number,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  // A server left on the port would answer the health check below, and be measured instead.
  const left = await fetch(`http://localhost:${port}/api/health`).catch(() => undefined);
  if (left) throw new Error(`port ${port} is taken: another server answers there`);
  const dataDir = mkdtempSync(join(tmpdir(), 'verba-bench-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const args = [...serveFlags(), ...(options.nodeArgs ?? []), 'apps/api/dist/server.mjs'];
  const pin = options.cores && existsSync('/usr/bin/taskset');
  const child: ChildProcess = pin
    ? spawn('taskset', ['-c', options.cores ?? '0', process.execPath, ...args], {
        env,
        stdio: 'inherit',
      })
    : spawn(process.execPath, args, { env, stdio: 'inherit' });
  const url = `http://localhost:${port}`;
  const started = Date.now();
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`the server on port ${port} exited while starting`);
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
    pid: child.pid,
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

/**
 * Gives the learner a collection of hand-written cards, saved through the API as the app saves
 * them, a few at a time.
 */
export async function seedWords(url: string, cookie: string, count: number): Promise<void> {
  const syllables = ['ka', 'lo', 'mi', 'ne', 'or', 'pu', 'ra', 'se', 'ti', 'vo'];
  const spell = (n: number) =>
    Array.from({ length: 4 }, (_, i) => syllables[Math.floor(n / 10 ** i) % 10]).join('');
  const save = async (n: number) => {
    const response = await fetch(`${url}/api/words`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        id: randomUUID(),
        word: `${spell(n)} ${n}`,
        translation: `meaning ${n}`,
        examples: [{ target: `Una frase con ${spell(n)}.`, translation: `A sentence with ${n}.` }],
      }),
    });
    if (!response.ok)
      throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  };
  for (let start = 0; start < count; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, (_, i) => save(start + i)),
    );
  }
}
