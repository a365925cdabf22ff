import { afterEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from './event-stream';
import { joinSharedStream, type Locks } from './shared-stream';

/** Exclusive Web Locks within one test, as a browser keeps them across its tabs. */
function fakeLocks(): Locks {
  const held = new Map<string, Promise<void>>();
  return {
    async request(name, options, callback) {
      if (options.ifAvailable && held.has(name)) return callback(null);
      while (held.has(name)) {
        if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        await Promise.race([
          held.get(name),
          new Promise((resolve) => options.signal?.addEventListener('abort', resolve)),
        ]);
      }
      if (options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      const run = Promise.resolve(callback({ name }));
      const done = run.then(() => undefined);
      held.set(name, done);
      try {
        return await run;
      } finally {
        held.delete(name);
      }
    },
  };
}

/** A tab: what it was told, and the streams it opened (each with the function that feeds it). */
function openTab(locks: Locks, name = 'verba-live-updates:u1') {
  const heard: StreamMessage[] = [];
  const streams: { resumed: boolean; emit: (m: StreamMessage) => void; closed: boolean }[] = [];
  const leave = joinSharedStream({
    name,
    locks,
    open: (emit, { resumed }) => {
      const stream = { resumed, emit, closed: false };
      streams.push(stream);
      return () => {
        stream.closed = true;
      };
    },
    deliver: (message) => heard.push(message),
  });
  return { heard, streams, leave };
}

const change = (id: string): StreamMessage => ({
  type: 'change',
  update: { kind: 'words.changed', id },
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('one live-updates stream shared by the tabs of a browser', () => {
  const tabs: ReturnType<typeof openTab>[] = [];
  const tab = (locks: Locks, name?: string) => {
    const opened = openTab(locks, name);
    tabs.push(opened);
    return opened;
  };
  afterEach(() => {
    for (const t of tabs.splice(0)) t.leave();
  });

  it('three tabs open one stream, and every tab hears its changes', async () => {
    const locks = fakeLocks();
    const [first, second, third] = [tab(locks), tab(locks), tab(locks)];
    await settle();
    expect(first.streams).toHaveLength(1);
    expect(first.streams[0]?.resumed).toBe(false);
    expect(second.streams).toHaveLength(0);
    expect(third.streams).toHaveLength(0);

    first.streams[0]?.emit(change('w1'));
    await settle();
    for (const t of [first, second, third]) expect(t.heard).toEqual([change('w1')]);
  });

  it('when the tab holding the stream closes, another opens it and asks for everything again', async () => {
    const locks = fakeLocks();
    const first = tab(locks);
    const second = tab(locks);
    await settle();
    first.leave();
    await settle();
    expect(first.streams[0]?.closed).toBe(true);
    expect(second.streams).toHaveLength(1);
    // A change may have come while no tab held the stream.
    expect(second.streams[0]?.resumed).toBe(true);

    const third = tab(locks);
    await settle();
    second.streams[0]?.emit({ type: 'reset' });
    await settle();
    expect(third.streams).toHaveLength(0);
    expect(third.heard).toEqual([{ type: 'reset' }]);
    expect(first.heard).toEqual([]);
  });

  it('a tab that leaves while waiting never opens a stream', async () => {
    const locks = fakeLocks();
    const first = tab(locks);
    const waiting = tab(locks);
    await settle();
    waiting.leave();
    first.leave();
    await settle();
    expect(waiting.streams).toHaveLength(0);
  });

  it("another learner's tabs keep their own stream", async () => {
    const locks = fakeLocks();
    const mine = tab(locks, 'verba-live-updates:u1');
    const theirs = tab(locks, 'verba-live-updates:u2');
    await settle();
    expect(mine.streams).toHaveLength(1);
    expect(theirs.streams).toHaveLength(1);
    mine.streams[0]?.emit(change('w1'));
    await settle();
    expect(theirs.heard).toEqual([]);
  });

  it('without Web Locks each tab opens its own stream', async () => {
    const opened: boolean[] = [];
    const leave = joinSharedStream({
      name: 'verba-live-updates:u1',
      locks: null,
      open: (_emit, { resumed }) => {
        opened.push(resumed);
        return () => {};
      },
      deliver: () => {},
    });
    leave();
    expect(opened).toEqual([false]);
  });
});
