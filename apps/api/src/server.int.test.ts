import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { startServer } from './server.ts';
import { GOOD_PASSWORD, uniqueEmail } from './testing/harness.ts';

// The real start-up path, in this process, on an embedded database in a data folder of its own.
// It runs under the most permissive umask, so only the server's own care keeps the folder private.
let root: string;
let dataDir: string;
let umaskBefore: number;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verba-start-'));
  dataDir = join(root, 'data');
  umaskBefore = process.umask(0);
});
afterAll(() => {
  process.umask(umaskBefore);
  rmSync(root, { recursive: true, force: true });
});

/** Everything under `dir` (itself included) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) found.push(`${path} ${mode.toString(8)}`);
      for (const entry of readdirSync(path)) visit(join(path, entry));
    } else if (mode & 0o077) {
      found.push(`${path} ${mode.toString(8)}`);
    }
  };
  visit(dir);
  return found;
}

function terminal(isTTY: boolean) {
  let text = '';
  return { isTTY, write: (s: string) => (text += s), text: () => text };
}

function jsonLog() {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines: () => text.trim().split('\n') };
}

const env = () => loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
const webRoot = () => join(root, 'no-web-build');

async function signUp(port: number) {
  const response = await fetch(`http://localhost:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    // No Origin: on a port picked at start-up (PORT=0) PUBLIC_URL cannot name the page's origin.
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD }),
  });
  expect(response.status).toBe(200);
}

describe('starting the server', () => {
  it('keeps the data folder to its own user, and tells only a terminal where to go', async () => {
    const screen = terminal(true);
    const log = jsonLog();
    const server = await startServer(env(), {
      terminal: screen,
      logger: log.logger,
      webRoot: webRoot(),
    });
    try {
      await signUp(server.port);
    } finally {
      await server.close();
    }
    expect(statSync(join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(5);
    expect(openToOthers(dataDir)).toEqual([]);

    expect(screen.text()).toBe(
      `\nVerba is running. Open http://localhost:${server.port} in your browser.\n\n`,
    );
    for (const line of log.lines()) expect(() => JSON.parse(line) as unknown).not.toThrow();

    // Started again on a folder that others can read, as an older version or a copy made with a
    // loose umask may have left it, and with no one watching.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'db'), 0o777);
    chmodSync(join(dataDir, 'auth-secret'), 0o644);
    for (const entry of readdirSync(join(dataDir, 'db'))) {
      const path = join(dataDir, 'db', entry);
      chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o666);
    }
    mkdirSync(join(dataDir, 'backups'), { mode: 0o777 });
    writeFileSync(join(dataDir, 'backups', 'note.txt'), 'kept', { mode: 0o666 });
    expect(openToOthers(dataDir).length).toBeGreaterThan(5);

    const quiet = terminal(false);
    const again = jsonLog();
    const restarted = await startServer(env(), {
      terminal: quiet,
      logger: again.logger,
      webRoot: webRoot(),
    });
    try {
      await signUp(restarted.port);
    } finally {
      await restarted.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    expect(quiet.text()).toBe('');
    expect(again.lines().some((l) => l.includes('Verba is listening'))).toBe(true);
  }, 600_000);
});
