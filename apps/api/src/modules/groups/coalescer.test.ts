import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer, type RunMode, type RunOutcome } from './coalescer.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup({
  cooldownMs = 60_000,
  debounceMs = 0,
  outcomes = [] as RunOutcome[],
  worked = true,
} = {}) {
  const runs: { userId: string; mode: RunMode; at: number }[] = [];
  const coalescer = createCoalescer({
    cooldownMs,
    debounceMs,
    run: async (userId, mode) => {
      runs.push({ userId, mode, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return outcomes.shift() ?? worked;
    },
  });
  return { runs, coalescer };
}

describe('the grouping coalescer', () => {
  it('turns ten requests in a minute into two runs: one at once, one after the cooldown', async () => {
    const { runs, coalescer } = setup();
    const start = Date.now();
    for (let i = 0; i < 10; i += 1) {
      coalescer.request('u1', 'incremental');
      await vi.advanceTimersByTimeAsync(6_000);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs.map((r) => r.at - start)).toEqual([0, 60_000]);
  });

  it('waits the debounce so a burst becomes one run', async () => {
    const { runs, coalescer } = setup({ debounceMs: 2_000 });
    for (let i = 0; i < 5; i += 1) expect(coalescer.request('u1', 'incremental')).toBe('queued');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
  });

  it('never overlaps runs of one learner, keeps learners apart, and a full request wins', async () => {
    const { runs, coalescer } = setup({ cooldownMs: 0 });
    expect(coalescer.request('u1', 'incremental', { immediate: true })).toBe('started');
    coalescer.request('u2', 'incremental');
    expect(coalescer.busy('u1')).toBe(true);
    expect(coalescer.request('u1', 'full', { immediate: true })).toBe('queued');
    coalescer.request('u1', 'incremental');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.map((r) => `${r.userId}:${r.mode}`)).toEqual([
      'u1:incremental',
      'u2:incremental',
      'u1:full',
    ]);
    expect(coalescer.busy('u1')).toBe(false);
  });

  it('a run that did nothing starts no cooldown', async () => {
    const { runs, coalescer } = setup({ worked: false });
    coalescer.request('u1', 'incremental');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(coalescer.request('u1', 'incremental')).toBe('started');
    expect(runs).toHaveLength(2);
  });

  it('flush starts what waits and resolves when all is done', async () => {
    const { runs, coalescer } = setup();
    coalescer.request('u1', 'incremental');
    coalescer.request('u1', 'incremental');
    const flushed = coalescer.flush();
    await vi.advanceTimersByTimeAsync(3_000);
    await flushed;
    expect(runs).toHaveLength(2);
  });

  it('waits while another process has the learner’s turn, then runs once', async () => {
    const { runs, coalescer } = setup({ outcomes: [{ retryAfterMs: 30_000 }] });
    const start = Date.now();
    coalescer.request('u1', 'incremental');
    await vi.advanceTimersByTimeAsync(5_000);
    // Flush leaves it to its timer rather than asking again and again.
    await coalescer.flush();
    expect(coalescer.request('u1', 'incremental')).toBe('queued');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs.map((r) => r.at - start)).toEqual([0, 31_000]);
  });

  it('after close, starts nothing more, and idle still waits for the run under way', async () => {
    const { runs, coalescer } = setup({ cooldownMs: 0 });
    coalescer.request('u1', 'incremental');
    coalescer.request('u1', 'full');
    coalescer.close();
    let idle = false;
    void coalescer.idle().then(() => (idle = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(idle).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(idle).toBe(true);
    coalescer.request('u2', 'incremental');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs.map((r) => `${r.userId}:${r.mode}`)).toEqual(['u1:incremental']);
  });
});
