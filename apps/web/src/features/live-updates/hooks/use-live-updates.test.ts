import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/core/query-keys';
import { parseChange, reconnectDelay, restartWait } from '../utils/event-stream';
import { applyStreamMessage } from './use-live-updates';

describe('live updates', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reconnects after 1 s, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('waits as long as a restarting server asks, within reason', () => {
    expect(restartWait('{"retryMs":2000}')).toBe(2_000);
    expect(restartWait('{"retryMs":0}')).toBe(0);
    expect(restartWait('{"retryMs":3600000}')).toBe(2_000);
    expect(restartWait('{}')).toBe(2_000);
    expect(restartWait('not json')).toBe(2_000);
  });

  it("reads a change's kind and id, and nothing else", () => {
    expect(parseChange('{"kind":"words.changed","id":"w1","extra":1}')).toEqual({
      type: 'change',
      update: { kind: 'words.changed', id: 'w1' },
    });
    expect(parseChange('{"kind":"profile.changed"}')).toEqual({
      type: 'change',
      update: { kind: 'profile.changed' },
    });
    expect(parseChange('not json')).toBeNull();
    expect(parseChange('{"kind":3}')).toBeNull();
    expect(parseChange('null')).toBeNull();
  });

  function cached() {
    const client = new QueryClient();
    for (const key of [
      queryKeys.session,
      queryKeys.profile,
      queryKeys.groups,
      queryKeys.practiceFeed,
      queryKeys.wordLists,
    ]) {
      client.setQueryData(key, {});
    }
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    return { client, stale };
  }

  it('a word saved anywhere marks the feed, the lists, the profile and the groups stale', () => {
    vi.stubGlobal('window', new EventTarget());
    const { client, stale } = cached();
    applyStreamMessage(client, { type: 'change', update: { kind: 'words.changed', id: 'w1' } });
    for (const key of [queryKeys.practiceFeed, queryKeys.wordLists, queryKeys.profile]) {
      expect(stale(key)).toBe(true);
    }
    expect(stale(queryKeys.groups)).toBe(true);
    expect(stale(queryKeys.session)).toBe(false);
  });

  it('announces each change on window for the screens that react to it', () => {
    const target = new EventTarget();
    vi.stubGlobal('window', target);
    const heard: unknown[] = [];
    target.addEventListener('verba:live-update', (event) =>
      heard.push((event as CustomEvent).detail),
    );
    applyStreamMessage(cached().client, {
      type: 'change',
      update: { kind: 'groups.failed' },
    });
    expect(heard).toEqual([{ kind: 'groups.failed' }]);
  });

  it('a change of a kind this version does not know refreshes everything but the session', () => {
    vi.stubGlobal('window', new EventTarget());
    const { client, stale } = cached();
    applyStreamMessage(client, { type: 'change', update: { kind: 'imports.finished' } });
    expect(stale(queryKeys.practiceFeed)).toBe(true);
    expect(stale(queryKeys.groups)).toBe(true);
    expect(stale(queryKeys.session)).toBe(false);
  });

  it('a dropped stream asks whether the learner is still signed in', () => {
    const { client, stale } = cached();
    applyStreamMessage(client, { type: 'dropped' });
    expect(stale(queryKeys.session)).toBe(true);
    expect(stale(queryKeys.practiceFeed)).toBe(false);
  });
});
