import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { startServer } from '../../server.ts';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../../testing/fake-ai-server.ts';
import { TestHarness } from '../../testing/harness.ts';
import { SAMPLE_CARD } from '../../testing/sample-card.ts';

// Each test starts real servers and copies whole databases: minutes on a busy machine.
const SLOW = { timeout: 300_000 };
const TOKEN = 'metrics-token-for-the-tests';

let ai: FakeAiServer;
let t: TestHarness;
beforeAll(async () => {
  ai = await startFakeAiServer();
  t = await TestHarness.start({
    env: { METRICS_TOKEN: TOKEN, AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' },
  });
});
afterAll(async () => {
  await t.close();
  await ai.close();
});

const scrape = (token?: string) =>
  t.request('/metrics', token ? { headers: { authorization: `Bearer ${token}` } } : {});

describe('GET /metrics', () => {
  it('refuses a scraper without the token, and a learner', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('metrics-token-that-is-wrong')).status).toBe(401);
    const learner = await t.signUp();
    expect((await t.request('/metrics', { cookie: learner.cookie })).status).toBe(401);
  });

  it('counts requests by route pattern, with no learner data in any label', async () => {
    const learner = await t.signUp();
    const created = await t.request('/api/words', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id: crypto.randomUUID(), word: 'Geheimwort', translation: 'secret word' },
    });
    const { id } = (await created.json()) as { id: string };
    for (let i = 0; i < 3; i++) {
      expect((await t.request(`/api/words/${id}`, { cookie: learner.cookie })).status).toBe(200);
    }
    expect(
      (await t.request(`/api/words/${crypto.randomUUID()}`, { cookie: learner.cookie })).status,
    ).toBe(404);

    const response = await scrape(TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain(
      'verba_http_requests_total{method="GET",route="/api/words/:id",status="200"} 3',
    );
    expect(text).toContain(
      'verba_http_requests_total{method="GET",route="/api/words/:id",status="404"} 1',
    );
    expect(text).toMatch(
      /verba_http_request_duration_seconds_bucket\{le="0\.05",method="POST",route="\/api\/words"\} \d/,
    );
    for (const metric of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'verba_database_connections{state="total"}',
      'verba_job_queue_depth{queue="refit"} 0',
      'verba_live_update_streams 0',
    ]) {
      expect(text).toContain(metric);
    }
    for (const secret of [id, learner.id, learner.email, 'Geheimwort']) {
      expect(text).not.toContain(secret);
    }
  });

  it('counts AI calls and failures by provider', async () => {
    const learner = await t.signUp();
    await t.request('/api/profile/onboarding', {
      method: 'POST',
      cookie: learner.cookie,
      json: { nativeLanguage: 'en', targetLanguage: 'es' },
    });
    const host = new URL(ai.url).host;
    ai.enqueue(fakeReply.json(SAMPLE_CARD));
    const generated = await t.request('/api/words/generate', {
      method: 'POST',
      cookie: learner.cookie,
      json: { word: 'manzana' },
    });
    expect(generated.status).toBe(200);
    ai.enqueue(fakeReply.status(500));
    ai.enqueue(fakeReply.status(500));
    ai.enqueue(fakeReply.status(500));
    const failed = await t.request('/api/words/generate', {
      method: 'POST',
      cookie: learner.cookie,
      json: { word: 'pera' },
    });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    const text = await (await scrape(TOKEN)).text();
    const calls = Number(
      text.match(new RegExp(`verba_ai_calls_total\\{provider="${host}"\\} (\\d+)`))?.[1],
    );
    const failures = Number(
      text.match(new RegExp(`verba_ai_call_failures_total\\{provider="${host}"\\} (\\d+)`))?.[1],
    );
    expect(calls).toBe(ai.requests.length);
    expect(failures).toBe(calls - 1);
  });
});

describe('GET /metrics without a token', SLOW, () => {
  it('answers a scraper on this machine only, never through a proxy', async () => {
    const root = mkdtempSync(join(tmpdir(), 'verba-metrics-'));
    const server = await startServer(
      loadEnv({ PORT: '0', DATA_DIR: join(root, 'data'), LOG_LEVEL: 'silent' }),
      {
        logger: createLogger('silent'),
        terminal: { isTTY: false, write: () => true },
        webRoot: join(root, 'no-web-build'),
      },
    );
    try {
      const url = `http://127.0.0.1:${server.port}/metrics`;
      const local = await fetch(url);
      expect(local.status).toBe(200);
      expect(await local.text()).toContain('verba_http_requests_total');
      const proxied = await fetch(url, { headers: { 'x-forwarded-for': '203.0.113.7' } });
      expect(proxied.status).toBe(403);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
