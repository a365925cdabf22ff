import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../testing/harness.ts';
import { RESTART_RETRY_SECONDS } from './draining.ts';

// A process that has begun to stop (SIGTERM): what a learner's requests and live-update stream
// see meanwhile. The server's own part (listener, deadline, database) is in shutdown.int.test.ts.
let api: TestHarness;
let learner: TestUser;
beforeAll(async () => {
  api = await TestHarness.start();
  learner = await api.signUp();
});
afterAll(() => api.close());

/** Reads a server-sent event stream to its end: every block's fields. */
async function readBlocks(response: Response, onBlock: (block: string) => void): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      onBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  }
}

describe('a stopping process', () => {
  it('closes live-update streams with the restart hint, then refuses new requests with 503 and Retry-After, changing nothing', async () => {
    const stream = await api.request('/api/events', { cookie: learner.cookie });
    expect(stream.status).toBe(200);
    const blocks: string[] = [];
    const ended = readBlocks(stream, (block) => blocks.push(block));
    await expect.poll(() => blocks.some((b) => b.includes('event: ready'))).toBe(true);

    api.services.draining.begin();
    await ended;
    const last = blocks.at(-1) ?? '';
    expect(last).toContain('event: restarting');
    expect(last).toContain(`retry: ${RESTART_RETRY_SECONDS * 1000}`);
    expect(last).toContain(`data: {"retryMs":${RESTART_RETRY_SECONDS * 1000}}`);

    const id = randomUUID();
    const write = await api.request('/api/words', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id, word: 'la puerta', translation: 'the door' },
    });
    const read = await api.request('/api/profile', { cookie: learner.cookie });
    const health = await api.request('/api/health');
    const anonymous = await api.request('/api/words');
    for (const response of [write, read, health, anonymous]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(RESTART_RETRY_SECONDS));
      expect(response.headers.get('connection')).toBe('close');
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error.message).toBe('The server is restarting. Please try again in a moment.');
    }
    const saved = await api.db.select().from(schema.words).where(eq(schema.words.id, id));
    expect(saved).toEqual([]);

    // A stream asked for now is refused like any other request, not opened and dropped.
    expect((await api.request('/api/events', { cookie: learner.cookie })).status).toBe(503);
  });
});
