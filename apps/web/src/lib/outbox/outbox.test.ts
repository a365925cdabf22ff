import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { SyncEntry, SyncResponse, SyncResult } from '@verba/shared';
import { newTimeOrderedId } from './time-ordered-id';
import { OutboxFullError, openOutbox } from './outbox-store';
import { nextBatch, sendOutbox } from './send-outbox';

const SESSION = '0190f0a0-0000-7000-8000-000000000001';
const ANNA = 'learner-anna';
const BEN = 'learner-ben';
let databases = 0;
const freshOutbox = (limit?: number) => openOutbox(`outbox-test-${databases++}`, limit);

function answer(itemIndex: number, sessionId = SESSION): SyncEntry {
  return {
    kind: 'answer',
    id: newTimeOrderedId(),
    at: new Date(Date.UTC(2026, 10, 27, 8, 0, itemIndex)).toISOString(),
    timeZone: 'Europe/Berlin',
    sessionId,
    itemIndex,
    answer: { type: 'flashcard', knew: true },
    responseTimeMs: 1200,
  };
}

const resultFor = (entry: SyncEntry, status: SyncResult['status'], reason: string | null = null) =>
  ({ id: entry.id, kind: entry.kind, status, reason, correct: null, summary: null }) as SyncResult;

/** A server that takes every entry, and remembers what it was sent. */
function acceptingServer() {
  const batches: SyncEntry[][] = [];
  const send = vi.fn(async (entries: SyncEntry[]): Promise<SyncResponse> => {
    batches.push(entries);
    return { results: entries.map((e) => resultFor(e, 'applied')), dropped: 0 };
  });
  return { batches, send };
}

describe('the outbox', () => {
  it('keeps each learner’s entries apart, in the order they were made', async () => {
    const outbox = freshOutbox();
    const annas = [answer(0), answer(1), answer(2)];
    await outbox.add(ANNA, annas.slice(0, 2));
    await outbox.add(BEN, [answer(5)]);
    await outbox.add(ANNA, annas.slice(2));
    const kept = await outbox.oldest(ANNA, 10);
    expect(kept.map((r) => r.entry.id)).toEqual(annas.map((e) => e.id));
    expect(kept.every((r) => r.learnerId === ANNA)).toBe(true);
    expect(await outbox.count(BEN)).toBe(1);
    expect(await outbox.holdsSession(ANNA, SESSION)).toBe(true);
    expect(await outbox.holdsSession(ANNA, '0190f0a0-0000-7000-8000-000000000009')).toBe(false);
  });

  it('refuses entries beyond its limit, all of them, and keeps what it had', async () => {
    const outbox = freshOutbox(3);
    await outbox.add(ANNA, [answer(0), answer(1)]);
    await expect(outbox.add(ANNA, [answer(2), answer(3)])).rejects.toBeInstanceOf(OutboxFullError);
    expect(await outbox.count(ANNA)).toBe(2);
    // The limit is per learner.
    await outbox.add(BEN, [answer(0), answer(1), answer(2)]);
    expect(await outbox.count(BEN)).toBe(3);
  });

  it('names each entry with a UUIDv7 that sorts by the time it was made', () => {
    const earlier = newTimeOrderedId(Date.UTC(2026, 0, 1));
    const later = newTimeOrderedId(Date.UTC(2026, 0, 1, 0, 0, 0, 1));
    expect(earlier).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(earlier < later).toBe(true);
    expect(parseInt(earlier.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 0, 1));
  });
});

describe('sending the outbox', () => {
  it('sends only the learner’s entries, in order, and empties the outbox', async () => {
    const outbox = freshOutbox();
    const annas = [answer(0), answer(1), answer(2)];
    await outbox.add(ANNA, annas);
    await outbox.add(BEN, [answer(7)]);
    const server = acceptingServer();
    const report = await sendOutbox(outbox, ANNA, server.send);
    expect(server.batches).toEqual([annas]);
    expect(report).toMatchObject({ taken: 3, notCounted: 0, waiting: 0, failed: false });
    expect(await outbox.count(ANNA)).toBe(0);
    expect(await outbox.count(BEN)).toBe(1);
  });

  it('keeps a batch whose request failed, and sends it whole the next time', async () => {
    const outbox = freshOutbox();
    const entries = [answer(0), answer(1)];
    await outbox.add(ANNA, entries);
    const offline = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendOutbox(outbox, ANNA, offline)).toMatchObject({ failed: true, waiting: 2 });
    const server = acceptingServer();
    expect(await sendOutbox(outbox, ANNA, server.send)).toMatchObject({ taken: 2, waiting: 0 });
    expect(server.batches).toEqual([entries]);
  });

  it('settles duplicates as taken, and drops refused entries counting them with a reason', async () => {
    const outbox = freshOutbox();
    const [first, refused, gone] = [answer(0), answer(1), answer(2)];
    await outbox.add(ANNA, [first!, refused!, gone!]);
    const report = await sendOutbox(outbox, ANNA, async () => ({
      results: [
        resultFor(first!, 'duplicate'),
        resultFor(refused!, 'refused', 'This entry is dated in the future; check the device clock'),
        resultFor(gone!, 'dropped', 'The word was deleted: the answer was not counted'),
      ],
      dropped: 1,
    }));
    expect(report).toMatchObject({
      taken: 1,
      notCounted: 2,
      reason: 'This entry is dated in the future; check the device clock',
      waiting: 0,
    });
    expect(await outbox.count(ANNA)).toBe(0);
  });

  it('leaves entries the answer does not name, to be sent again', async () => {
    const outbox = freshOutbox();
    const entries = [answer(0), answer(1)];
    await outbox.add(ANNA, entries);
    const report = await sendOutbox(outbox, ANNA, async () => ({
      results: [resultFor(entries[0]!, 'applied')],
      dropped: 0,
    }));
    expect(report).toMatchObject({ taken: 1, failed: true, waiting: 1 });
    expect((await outbox.oldest(ANNA, 5)).map((r) => r.entry.id)).toEqual([entries[1]!.id]);
  });

  it('sends a long outbox in batches that fit a request, oldest first', async () => {
    const outbox = freshOutbox();
    const entries = Array.from({ length: 2_300 }, (_, i) => answer(i % 80));
    await outbox.add(ANNA, entries);
    const server = acceptingServer();
    await sendOutbox(outbox, ANNA, server.send);
    expect(server.batches.map((b) => b.length)).toEqual([1_000, 1_000, 300]);
    expect(server.batches.flat().map((e) => e.id)).toEqual(entries.map((e) => e.id));
  });

  it('closes a batch before it grows past the request size the server takes', () => {
    const big = (i: number) => ({
      seq: i,
      learnerId: ANNA,
      sessionId: SESSION,
      entry: { ...answer(i), answer: { type: 'spelling' as const, text: 'x'.repeat(100_000) } },
    });
    const batch = nextBatch([big(1), big(2), big(3), big(4)]);
    expect(batch.map((r) => r.seq)).toEqual([1, 2]);
  });
});

describe('signing out without waiting', () => {
  it('removes the learner’s entries only', async () => {
    const outbox = freshOutbox();
    await outbox.add(ANNA, [answer(0), answer(1)]);
    await outbox.add(BEN, [answer(2)]);
    await outbox.clear(ANNA);
    expect(await outbox.count(ANNA)).toBe(0);
    expect(await outbox.count(BEN)).toBe(1);
  });
});
