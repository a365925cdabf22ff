import { schema } from '@verba/db';
import type { ImportJob } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../../testing/fake-ai-server.ts';
import { TestHarness } from '../../testing/harness.ts';
import { SAMPLE_CARD } from '../../testing/sample-card.ts';
import { importsSettled } from '../imports/imports.service.ts';

// PostgreSQL only (vitest.config.ts): two API processes working one queue.
let ai: FakeAiServer;
let a: TestHarness;
let b: TestHarness;
beforeAll(async () => {
  ai = await startFakeAiServer({
    defaultReply: fakeReply.json(SAMPLE_CARD),
    defaultFor: { word_groups: fakeReply.status(500) },
  });
  const options = { env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model' } };
  a = await TestHarness.start(options);
  b = await TestHarness.onDatabase(a.database, options, await a.database.connectAgain());
});
afterAll(async () => {
  await a.close();
  await ai.close();
});

describe('the enrichment queue across processes', () => {
  it('completes each word once when two processes work the queue at the same time', async () => {
    const user = await a.signUp();
    const words = Array.from({ length: 30 }, (_, i) => `palabra ${i}`);
    const response = await a.request('/api/imports', {
      method: 'POST',
      cookie: user.cookie,
      headers: { 'content-type': 'application/octet-stream' },
      body: new TextEncoder().encode(words.join('\n')),
    });
    expect(response.status).toBe(202);
    expect(((await response.json()) as ImportJob).status).toBe('running');
    await importsSettled();
    await Promise.all([a.services.enrichment.runNow(), b.services.enrichment.runNow()]);

    // The word each card request asked for: the first user message, `<word>…</word>`.
    const asked = ai.requests
      .map((r) => r.body as { messages: { role: string; content: string }[] })
      .filter((body) => JSON.stringify(body).includes('"name":"imported_word_card"'))
      .map((body) => body.messages.find((m) => m.role === 'user')?.content.slice(6, -7));
    expect(asked.sort()).toEqual([...words].sort());
    const saved = await a.db
      .select({ translation: schema.words.translation })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    expect(saved.every((w) => w.translation === SAMPLE_CARD.translation)).toBe(true);
    const left = await a.db
      .select()
      .from(schema.wordEnrichments)
      .where(eq(schema.wordEnrichments.userId, user.id));
    expect(left).toEqual([]);
  });
});
