import { describe, expect, it } from 'vitest';
import { createRateLimiter, formatWait } from './rate-limiter';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const LIMIT = { max: 10, windowMs: 60_000 };

describe('createRateLimiter', () => {
  it('allows 10 generations in 60 s and refuses the 11th with the wait until the oldest expires', () => {
    const storage = memoryStorage();
    const limiter = createRateLimiter('k', LIMIT, storage);
    for (let i = 0; i < 10; i += 1) expect(limiter.attempt(1_000 + i * 1_000).allowed).toBe(true);
    expect(limiter.attempt(20_000)).toEqual({ allowed: false, retryAfterMs: 41_000 });
    // The oldest leaves the window at 61 000.
    expect(limiter.attempt(60_999).allowed).toBe(false);
    expect(limiter.attempt(61_001).allowed).toBe(true);
  });

  it('keeps its count in storage, so a reload or a second tab shares it', () => {
    const storage = memoryStorage();
    const first = createRateLimiter('k', LIMIT, storage);
    for (let i = 0; i < 10; i += 1) first.attempt(5_000);
    const second = createRateLimiter('k', LIMIT, storage);
    expect(second.attempt(6_000).allowed).toBe(false);
  });

  it('a refused attempt does not count', () => {
    const storage = memoryStorage();
    const limiter = createRateLimiter('k', { max: 1, windowMs: 60_000 }, storage);
    expect(limiter.attempt(0).allowed).toBe(true);
    expect(limiter.attempt(30_000).allowed).toBe(false);
    expect(limiter.attempt(60_001).allowed).toBe(true);
  });

  it('an action given back (a failed or cancelled generation) does not count', () => {
    const storage = memoryStorage();
    const limiter = createRateLimiter('k', { max: 2, windowMs: 60_000 }, storage);
    const first = limiter.attempt(1_000);
    expect(limiter.attempt(2_000).allowed).toBe(true);
    expect(limiter.attempt(3_000).allowed).toBe(false);
    if (first.allowed) limiter.giveBack(first.at);
    expect(limiter.attempt(4_000).allowed).toBe(true);
    expect(limiter.attempt(5_000).allowed).toBe(false);
  });

  it('cleaning drops timestamps that left the window, and the key when none is left', () => {
    const storage = memoryStorage();
    const limiter = createRateLimiter('k', LIMIT, storage);
    limiter.attempt(0);
    limiter.attempt(30_000);
    limiter.clean(70_000);
    expect(JSON.parse(storage.items.get('k') ?? '[]')).toEqual([30_000]);
    limiter.clean(100_000);
    expect(storage.items.has('k')).toBe(false);
  });

  it('ignores a corrupted store and still limits when storage is blocked', () => {
    const storage = memoryStorage();
    storage.items.set('k', '{not json');
    expect(createRateLimiter('k', LIMIT, storage).attempt(0).allowed).toBe(true);

    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {},
    };
    const limiter = createRateLimiter('k', { max: 1, windowMs: 1_000 }, blocked);
    expect(limiter.attempt(0).allowed).toBe(true);
    expect(limiter.attempt(10).allowed).toBe(true); // nothing could be remembered
  });
});

describe('formatWait', () => {
  it.each([
    [0, '1 second'],
    [400, '1 second'],
    [1_000, '1 second'],
    [1_001, '2 seconds'],
    [42_000, '42 seconds'],
    [60_000, '1 minute'],
    [65_000, '1 minute 5 seconds'],
    [120_000, '2 minutes'],
    [121_000, '2 minutes 1 second'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});
