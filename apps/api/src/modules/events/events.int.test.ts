import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { STREAMS_PER_ADDRESS, STREAMS_PER_LEARNER } from './stream-limits.ts';

// Live updates across two API "processes" on one database: on PostgreSQL (TEST_DATABASE_URL) each
// has its own connections and LISTEN connection, so an event crosses through NOTIFY; on PGlite
// both share the embedded database.
let a: TestHarness;
let b: TestHarness;
beforeAll(async () => {
  a = await TestHarness.start();
  b = await TestHarness.onDatabase(a.database, {}, await a.database.connectAgain());
});
afterAll(() => a.close());

interface Received {
  event: string;
  data: string;
}

/** An open event stream: what it has received so far, and whether it has ended. */
interface Stream {
  received: Received[];
  ended: () => boolean;
  close: () => Promise<void>;
}

async function open(harness: TestHarness, user: TestUser, address?: string): Promise<Stream> {
  const response = await harness.request('/api/events', {
    cookie: user.cookie,
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const received: Received[] = [];
  let ended = false;
  let buffer = '';
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n');
        if (event) received.push({ event, data });
        end = buffer.indexOf('\n\n');
      }
    }
    ended = true;
  })();
  await expect.poll(() => received.some((r) => r.event === 'ready')).toBe(true);
  return { received, ended: () => ended, close: () => reader.cancel().catch(() => {}) };
}

const changes = (stream: Stream) =>
  stream.received
    .filter((r) => r.event === 'change')
    .map((r) => JSON.parse(r.data) as { kind: string; id?: string });

async function saveWord(harness: TestHarness, user: TestUser, word: string): Promise<string> {
  const id = randomUUID();
  const response = await harness.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id, word, translation: 'x' },
  });
  expect(response.status).toBe(201);
  return id;
}

describe('GET /api/events', () => {
  it('delivers a change made through process B to a client on process A, and only to its learner', async () => {
    const learnerA = await a.signUp();
    const learnerB = await a.signUp();
    const streamA = await open(a, learnerA);
    const streamB = await open(a, learnerB);

    const id = await saveWord(b, learnerA, 'la casa');
    await expect
      .poll(() => changes(streamA), { timeout: 5_000 })
      .toContainEqual({
        kind: 'words.changed',
        id,
      });

    const idB = await saveWord(b, learnerB, 'el perro');
    await expect
      .poll(() => changes(streamB), { timeout: 5_000 })
      .toContainEqual({
        kind: 'words.changed',
        id: idB,
      });
    // Learner B never hears learner A's change, nor A learner B's; and nothing but ids and kinds.
    expect(changes(streamB).map((c) => c.id)).not.toContain(id);
    expect(changes(streamA).map((c) => c.id)).not.toContain(idB);
    const all = JSON.stringify([...streamA.received, ...streamB.received]);
    expect(all).not.toContain('la casa');
    expect(all).not.toContain(learnerA.id);
    await streamA.close();
    await streamB.close();
  });

  it('closes after the learner signs out through the other process', async () => {
    const learner = await a.signUp();
    const stream = await open(a, learner);
    const signOut = await b.request('/api/auth/sign-out', {
      method: 'POST',
      cookie: learner.cookie,
      json: {},
    });
    expect(signOut.status).toBe(200);
    await expect.poll(() => stream.ended(), { timeout: 5_000, interval: 50 }).toBe(true);
  });

  it('stops listening when the client goes away', async () => {
    const learner = await a.signUp();
    const before = listenerCount(a);
    const stream = await open(a, learner);
    expect(listenerCount(a)).toBe(before + 1);
    await stream.close();
    await expect.poll(() => listenerCount(a)).toBe(before);
  });
});

describe('GET /api/events, bounded', () => {
  /** Process A's twin behind a proxy we trust, so each test sends from an address of its own. */
  let proxied: TestHarness;
  beforeAll(async () => {
    proxied = await TestHarness.onDatabase(a.database, { env: { TRUST_PROXY: 'true' } });
  });

  it("closes a learner's oldest stream with `replaced` when they open one more than their share", async () => {
    const learner = await proxied.signUp();
    const other = await proxied.signUp();
    const before = listenerCount(proxied);
    const othersStream = await open(proxied, other, '203.0.113.10');
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_LEARNER; i++)
      streams.push(await open(proxied, learner, '203.0.113.10'));
    expect(listenerCount(proxied)).toBe(before + 1 + STREAMS_PER_LEARNER);

    const newest = await open(proxied, learner, '203.0.113.11');
    const [oldest, ...rest] = streams;
    await expect.poll(() => oldest?.ended(), { timeout: 5_000 }).toBe(true);
    expect(oldest?.received.map((r) => r.event)).toEqual(['ready', 'replaced']);
    // The one that went is the oldest only; the learner's share and the other learner's stream stay.
    expect(rest.some((s) => s.ended()) || newest.ended() || othersStream.ended()).toBe(false);
    await expect.poll(() => listenerCount(proxied)).toBe(before + 1 + STREAMS_PER_LEARNER);

    // The streams left still hear the learner's changes.
    const id = await saveWord(proxied, learner, 'la ventana');
    await expect
      .poll(() => changes(newest), { timeout: 5_000 })
      .toContainEqual({ kind: 'words.changed', id });
    await Promise.all([...rest, newest, othersStream].map((s) => s.close()));
    await expect.poll(() => listenerCount(proxied)).toBe(before);
  });

  it('refuses a stream from an address that holds its share, until one closes', async () => {
    const learners = await Promise.all(
      Array.from({ length: Math.ceil(STREAMS_PER_ADDRESS / STREAMS_PER_LEARNER) }, () =>
        proxied.signUp(),
      ),
    );
    const streams: Stream[] = [];
    for (let i = 0; i < STREAMS_PER_ADDRESS; i++)
      streams.push(await open(proxied, learners[i % learners.length] as TestUser, '203.0.113.20'));

    const latecomer = await proxied.signUp();
    const refused = await proxied.request('/api/events', {
      cookie: latecomer.cookie,
      headers: { 'x-forwarded-for': '203.0.113.20' },
    });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'TOO_MANY_REQUESTS',
    );
    // Nobody at the address lost a stream to the refused one; another address is served.
    expect(streams.some((s) => s.ended())).toBe(false);
    const elsewhere = await open(proxied, latecomer, '203.0.113.21');

    await streams[0]?.close();
    await expect
      .poll(async () => {
        const response = await proxied.request('/api/events', {
          cookie: latecomer.cookie,
          headers: { 'x-forwarded-for': '203.0.113.20' },
        });
        await response.body?.cancel();
        return response.status;
      })
      .toBe(200);
    await Promise.all([...streams, elsewhere].map((s) => s.close()));
  });
});

/** How many listeners the process's events bus has: each open stream is one. */
function listenerCount(harness: TestHarness): number {
  return harness.services.events.listenerCount();
}
