// The built server (apps/api/dist/server.mjs) as a child process that the chaos suite kills,
// stops and starts again on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { serveFlags } from '../server.ts';

export interface ServerProcess {
  url: string;
  port: number;
  /** The running child; replaced by each start. */
  child: () => ChildProcess | undefined;
  /** Starts the server (again) and resolves once /api/health answers 200. */
  start: () => Promise<void>;
  /** kill -9: no chance to answer, flush or close anything. */
  kill9: () => Promise<void>;
  /** SIGTERM; resolves with the exit code and how long the process took to exit. */
  terminate: () => Promise<{ code: number | null; signal: string | null; ms: number }>;
  /** Exits nobody asked for (a crash), with their codes. */
  crashes: string[];
}

export function serverProcess(port: number, env: Record<string, string>): ServerProcess {
  const url = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<{ code: number | null; signal: string | null }> | undefined;
  let stopping = false;
  const crashes: string[] = [];

  const start = async () => {
    const started = spawn(process.execPath, [...serveFlags(), 'apps/api/dist/server.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child = started;
    stopping = false;
    exited = new Promise((resolve) =>
      started.once('exit', (code, signal) => {
        if (!stopping) crashes.push(`exited by itself: code ${code}, signal ${signal}`);
        resolve({ code, signal });
      }),
    );
    const since = Date.now();
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the server exited (${started.exitCode})`);
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() - since > 120_000) throw new Error('the server did not start within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    url,
    port,
    child: () => child,
    start,
    crashes,
    kill9: async () => {
      stopping = true;
      child?.kill('SIGKILL');
      await exited;
    },
    terminate: async () => {
      const since = performance.now();
      stopping = true;
      child?.kill('SIGTERM');
      const result = await (exited ?? Promise.resolve({ code: null, signal: null }));
      return { ...result, ms: Math.round(performance.now() - since) };
    },
  };
}
