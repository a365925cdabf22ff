import { describe, expect, it } from 'vitest';
import { keysFor, reconnectDelay } from './use-live-updates';

describe('live updates', () => {
  it('reconnects after 1 s, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('refreshes the queries each change touches', () => {
    expect(keysFor('groups.changed')).toEqual([['groups']]);
    expect(keysFor('profile.changed')).toEqual([['profile']]);
    expect(keysFor('words.changed')).toContainEqual(['words']);
    expect(keysFor('words.changed')).toContainEqual(['groups']);
    expect(keysFor('something new')).toBe('all');
  });
});
