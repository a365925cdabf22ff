import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The ports of the servers a spec starts for itself, past the four the config's servers use
 * (playwright.config.ts): E2E_PORT + `offset`.
 */
export const ownPort = (offset: number) => Number(process.env.E2E_PORT ?? 4310) + offset;

export interface OwnServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * A production server of the spec's own, on a fresh data folder, for settings the shared servers
 * do not have (SIGNUP=invite, SMTP_URL, an OIDC provider). Started like `npm start`.
 */
export async function startOwnServer(
  port: number,
  env: Record<string, string>,
): Promise<OwnServer> {
  const url = `http://localhost:${port}`;
  // A server left from an earlier run would answer in this one's place.
  if (await answers(url)) throw new Error(`port ${port} is taken: stop what listens there`);
  const dataDir = mkdtempSync(join(tmpdir(), 'verba-e2e-own-'));
  const child = spawn('node', ['apps/api/dist/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_SIGN_UP: '10000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should the worker end before its afterAll hook stops the server, the server ends with it.
  const orphanGuard = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', orphanGuard);
  for (let tries = 0; ; tries++) {
    if (await answers(url)) break;
    if (child.exitCode !== null || tries > 600)
      throw new Error(`the server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      process.off('exit', orphanGuard);
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const answers = (url: string) =>
  fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
