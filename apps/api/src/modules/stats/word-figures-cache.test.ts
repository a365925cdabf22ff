import { describe, expect, it } from 'vitest';
import type { AppEvent, EventListener, Events } from '../../lib/events.ts';
import { createWordFiguresCache } from './word-figures-cache.ts';

/** An events bus in memory: `published` as this process publishes, `heard` as others' arrive. */
function fakeEvents() {
  const own: EventListener[] = [];
  const others: EventListener[] = [];
  const resets: (() => void)[] = [];
  const events: Events = {
    publish: async (event) => own.forEach((l) => l(event)),
    subscribe: (listener) => (others.push(listener), () => {}),
    onPublish: (listener) => (own.push(listener), () => {}),
    onReset: (listener) => (resets.push(listener), () => {}),
    listenerCount: () => others.length,
    close: async () => {},
  };
  return {
    events,
    heard: (event: AppEvent) => others.forEach((l) => l(event)),
    reset: () => resets.forEach((r) => r()),
  };
}

describe('the words’ figures kept per learner', () => {
  it('answers from memory until the learner’s words change, here or in another process', async () => {
    const bus = fakeEvents();
    const cache = createWordFiguresCache<{ n: number }>(bus.events);
    let reads = 0;
    const read = async () => ({ n: ++reads });
    expect(await cache.get('ana', 'UTC 1', read)).toEqual({ n: 1 });
    expect(await cache.get('ana', 'UTC 1', read)).toEqual({ n: 1 });
    // Another learner's change, or another kind of event, keeps it.
    await bus.events.publish({ userId: 'ben', kind: 'words.changed' });
    await bus.events.publish({ userId: 'ana', kind: 'groups.changed' });
    expect(await cache.get('ana', 'UTC 1', read)).toEqual({ n: 1 });
    await bus.events.publish({ userId: 'ana', kind: 'words.changed' });
    expect(await cache.get('ana', 'UTC 1', read)).toEqual({ n: 2 });
    bus.heard({ userId: 'ana', kind: 'words.changed' });
    expect(await cache.get('ana', 'UTC 1', read)).toEqual({ n: 3 });
    // A new day (or zone) reads again.
    expect(await cache.get('ana', 'UTC 2', read)).toEqual({ n: 4 });
    bus.reset();
    expect(await cache.get('ana', 'UTC 2', read)).toEqual({ n: 5 });
  });

  it('does not keep a read that a change overtook', async () => {
    const bus = fakeEvents();
    const cache = createWordFiguresCache<{ n: number }>(bus.events);
    let reads = 0;
    const overtaken = cache.get('ana', 'UTC 1', async () => {
      const n = ++reads;
      await bus.events.publish({ userId: 'ana', kind: 'words.changed' });
      return { n };
    });
    expect(await overtaken).toEqual({ n: 1 });
    expect(await cache.get('ana', 'UTC 1', async () => ({ n: ++reads }))).toEqual({ n: 2 });
    expect(await cache.get('ana', 'UTC 1', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });

  it('forgets safely when it can no longer tell who changed', async () => {
    const bus = fakeEvents();
    // Room for one learner and five remembered changes.
    const cache = createWordFiguresCache<{ n: number }>(bus.events, 1);
    let reads = 0;
    const overtaken = cache.get('ana', 'UTC 1', async () => {
      const n = ++reads;
      await bus.events.publish({ userId: 'ana', kind: 'words.changed' });
      // Enough other learners' changes to push Ana's out of memory.
      for (const other of ['b', 'c', 'd', 'e', 'f', 'g']) {
        await bus.events.publish({ userId: other, kind: 'words.changed' });
      }
      return { n };
    });
    expect(await overtaken).toEqual({ n: 1 });
    expect(await cache.get('ana', 'UTC 1', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });
});
