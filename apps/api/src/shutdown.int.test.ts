import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { startServer, type RunningServer } from './server.ts';
import { fakeReply, startFakeAiServer, type FakeAiServer } from './testing/fake-ai-server.ts';
import { GOOD_PASSWORD, uniqueEmail } from './testing/harness.ts';
import { SAMPLE_CARD } from './testing/sample-card.ts';

// The graceful stop of a real server (what SIGTERM runs), listening on a port, on an embedded
// database in a data folder of its own: requests in flight are answered, live-update streams are
// told to come back later, nothing new is accepted, the database is closed in time, and a restart
// on the same folder has everything that was acknowledged.
let root: string;
let ai: FakeAiServer;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'verba-shutdown-'));
  ai = await startFakeAiServer();
});
afterAll(async () => {
  await ai.close();
  rmSync(root, { recursive: true, force: true });
});

const start = (dataDir: string, logger = createLogger('silent')) =>
  startServer(
    loadEnv({
      PORT: '0',
      DATA_DIR: dataDir,
      AI_BASE_URL: ai.url,
      AI_MODEL: 'fake-model',
      AI_API_KEY: 'test-key',
    }),
    {
      logger,
      terminal: { isTTY: false, write: () => true },
      webRoot: join(root, 'no-web-build'),
    },
  );

const call = (server: RunningServer, path: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`http://localhost:${server.port}${path}`, {
    ...init,
    // No Origin: on a port picked at start-up (PORT=0) PUBLIC_URL cannot name the page's origin.
    headers: { 'content-type': 'application/json', cookie: init.cookie ?? '' },
  });

async function signUp(server: RunningServer, email: string): Promise<string> {
  const response = await call(server, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: GOOD_PASSWORD }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const onboarded = await call(server, '/api/profile/onboarding', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ nativeLanguage: 'en', targetLanguage: 'es' }),
  });
  expect(onboarded.status).toBe(200);
  return cookie;
}

async function saveWord(server: RunningServer, cookie: string, word: string): Promise<string> {
  const id = randomUUID();
  const response = await call(server, '/api/words', {
    method: 'POST',
    cookie,
    body: JSON.stringify({ id, word, translation: 'x' }),
  });
  expect(response.status).toBe(201);
  return id;
}

/** Reads a server-sent event stream until it ends; `blocks` fills as events come. */
function readStream(response: Response) {
  const blocks: string[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        blocks.push(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  })();
  return { blocks, ended };
}

describe('stopping the server', () => {
  it('answers the request in flight, tells streams to come back, accepts nothing new, and keeps every acknowledged write', async () => {
    const dataDir = join(root, 'graceful');
    const email = uniqueEmail();
    const server = await start(dataDir);
    const cookie = await signUp(server, email);
    const saved = await saveWord(server, cookie, 'la puerta');

    const stream = readStream(await call(server, '/api/events', { cookie }));
    await expect.poll(() => stream.blocks.some((b) => b.includes('event: ready'))).toBe(true);

    // A card being written when the signal comes: its provider answers only after the stop began.
    ai.enqueue(fakeReply.delay(800, fakeReply.json(SAMPLE_CARD)));
    const inFlight = call(server, '/api/words/generate', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ word: 'manzana' }),
    });
    await expect.poll(() => ai.requests.length).toBe(1);

    const stopped = server.close(5_000);
    await stream.ended;
    expect(stream.blocks.at(-1)).toContain('event: restarting');
    expect(stream.blocks.at(-1)).toContain('retry: 2000');

    // A request arriving now is answered 503 with Retry-After, or, once the listener has
    // closed, not accepted at all.
    const late = await call(server, '/api/profile', { cookie }).catch(() => null);
    if (late) {
      expect(late.status).toBe(503);
      expect(late.headers.get('retry-after')).toBe('2');
    }

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { word: string }).word).toBe(SAMPLE_CARD.word);
    await stopped;
    await expect(call(server, '/api/health')).rejects.toThrow();

    const restarted = await start(dataDir);
    try {
      const signIn = await call(restarted, '/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const again = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      const word = await call(restarted, `/api/words/${saved}`, { cookie: again });
      expect(word.status).toBe(200);
    } finally {
      await restarted.close();
    }
  }, 120_000);

  it('cuts a request that outlasts the shutdown timeout, and still closes the database in time', async () => {
    const dataDir = join(root, 'deadline');
    const lines: string[] = [];
    const server = await start(
      dataDir,
      createLogger('warn', { write: (line: string) => void lines.push(line) }),
    );
    const cookie = await signUp(server, uniqueEmail());
    ai.reset();
    ai.enqueue(fakeReply.delay(30_000, fakeReply.json(SAMPLE_CARD)));
    const stuck = call(server, '/api/words/generate', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ word: 'manzana' }),
    }).then(
      (response) => response.status,
      () => 'cut' as const,
    );
    await expect.poll(() => ai.requests.length).toBe(1);

    // The provider would answer in 30 s; the stop cuts the request at its deadline instead.
    await server.close(3_000);
    expect(await stuck).toBe('cut');

    // The database was closed properly: it opens again at once, with the learner in it.
    const restarted = await start(dataDir);
    await restarted.close();
    // The cut request gave its generation back before the database closed.
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  }, 120_000);

  it('lets requests whose connections were cut at the deadline finish before the database closes', async () => {
    const dataDir = join(root, 'cut');
    const lines: string[] = [];
    const server = await start(
      dataDir,
      createLogger('warn', { write: (line: string) => void lines.push(line) }),
    );
    const email = uniqueEmail();
    const cookie = await signUp(server, email);

    // Learners saving words one after another on their open connections; the shortest stop
    // cuts those connections while handlers still wait for their turn at the embedded database.
    const outcomes: { id: string; status: number | 'cut' }[] = [];
    let stopping = false;
    const writers = Array.from({ length: 12 }, async (_, writer) => {
      for (let i = 0; !stopping; i++) {
        const id = randomUUID();
        const status = await call(server, '/api/words', {
          method: 'POST',
          cookie,
          body: JSON.stringify({ id, word: `palabra ${writer} ${i}`, translation: 'x' }),
        }).then(
          (response) => response.status,
          () => 'cut' as const,
        );
        outcomes.push({ id, status });
        if (status !== 201) return;
      }
    });
    await expect
      .poll(() => outcomes.length, { interval: 5, timeout: 60_000 })
      .toBeGreaterThanOrEqual(40);
    await server.close(2_500);
    stopping = true;
    await Promise.all(writers);

    // Every answer was a saved word or a 503 to try again.
    for (const { status } of outcomes) expect([201, 503, 'cut']).toContain(status);

    // Every acknowledged save is there after a restart on the same folder.
    const restarted = await start(dataDir);
    try {
      const signIn = await call(restarted, '/api/auth/sign-in/email', {
        method: 'POST',
        body: JSON.stringify({ email, password: GOOD_PASSWORD }),
      });
      const again = signIn.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      for (const { id } of outcomes.filter((outcome) => outcome.status === 201)) {
        expect((await call(restarted, `/api/words/${id}`, { cookie: again })).status).toBe(200);
      }
    } finally {
      await restarted.close();
    }
    // Nothing failed inside while stopping: no request found its database closed under it.
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
  }, 120_000);
});
