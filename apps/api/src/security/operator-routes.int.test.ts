import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { operatorBackupToken } from '../modules/backup/backups.ts';
import { startServer, type RunningServer } from '../server.ts';
import { GOOD_PASSWORD, uniqueEmail } from '../testing/harness.ts';

// The operators' routes outside /api, on a real socket (who is calling is part of the check):
// a backup is all of every learner's data, and metrics describe the whole server.
const METRICS_TOKEN = 'operator-metrics-token-0123456789';
let root: string;
let server: RunningServer;
let origin: string;
let backupToken: string;
let learnerCookie: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'verba-operator-'));
  const dataDir = join(root, 'data');
  server = await startServer(
    loadEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', METRICS_TOKEN }),
    {
      logger: createLogger('silent'),
      terminal: { isTTY: false, write: () => true },
      webRoot: join(root, 'no-web-build'),
    },
  );
  origin = `http://127.0.0.1:${server.port}`;
  backupToken = operatorBackupToken(readFileSync(join(dataDir, 'auth-secret'), 'utf8').trim());
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail(), password: GOOD_PASSWORD }),
  });
  learnerCookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const backup = (headers: Record<string, string>) =>
  fetch(`${origin}/operator/backup`, { method: 'POST', headers });

/** Seeded, so a failure names the header that got through. */
function* forgedTokens(seed = 29) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  yield '';
  yield backupToken.slice(0, -1);
  yield `${backupToken}x`;
  yield backupToken.toUpperCase();
  yield METRICS_TOKEN;
  for (let i = 0; i < 20; i++) {
    yield Array.from({ length: next() % 60 }, () => String.fromCharCode(33 + (next() % 94))).join(
      '',
    );
  }
}

describe('POST /operator/backup', () => {
  it('refuses every key but the one derived from the auth secret, and a learner', async () => {
    for (const token of forgedTokens()) {
      const response = await backup({ authorization: `Bearer ${token}` });
      expect(response.status, token).toBe(403);
    }
    expect((await backup({ cookie: learnerCookie })).status).toBe(403);
  });

  it('refuses the right key through a proxy: only this machine may ask', async () => {
    for (const header of ['x-forwarded-for', 'forwarded']) {
      const response = await backup({
        authorization: `Bearer ${backupToken}`,
        [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9',
      });
      expect(response.status).toBe(403);
    }
  });

  it('answers the right key from this machine with the backup', async () => {
    const response = await backup({ authorization: `Bearer ${backupToken}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-tar');
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('refuses every other token, even from this machine, and a learner', async () => {
    for (const token of forgedTokens()) {
      if (token === METRICS_TOKEN) continue;
      const response = await fetch(`${origin}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, token).toBe(401);
    }
    const learner = await fetch(`${origin}/metrics`, { headers: { cookie: learnerCookie } });
    expect(learner.status).toBe(401);
    const scraper = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(scraper.status).toBe(200);
  });
});
