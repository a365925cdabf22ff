import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import {
  askAgainForRestoredQueries,
  createLocalStoragePersister,
  isConfirmedThisStart,
  isFeedState,
  isWordPage,
  isGroupDetail,
  isGroupList,
  isPracticeSession,
  isWordPages,
  keepValidQueries,
  QUERY_CACHE_KEY,
} from './query-persistence';

const profile = {
  id: 'u1',
  email: 'ana@example.com',
  displayName: null,
  nativeLanguage: 'en',
  targetLanguage: 'es',
  onboardingCompleted: true,
  analyticsEnabled: true,
  totalWords: 0,
  masteredWords: 0,
  currentStreak: 0,
  totalStudyTime: 0,
};

const entry = (key: string | string[], data: unknown) => ({
  queryKey: typeof key === 'string' ? [key] : key,
  queryHash: JSON.stringify(typeof key === 'string' ? [key] : key),
  state: {
    data,
    status: 'success',
    dataUpdatedAt: 1,
    error: null,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    isInvalidated: false,
    fetchStatus: 'idle',
    dataUpdateCount: 1,
    errorUpdateCount: 0,
  },
});

const client = (...queries: ReturnType<typeof entry>[]) =>
  ({
    timestamp: 1,
    buster: '',
    clientState: { mutations: [], queries },
  }) as unknown as PersistedClient;

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('the offline query cache', () => {
  it('keeps a valid session and profile', () => {
    const saved = client(
      entry('session', { id: 'u1', email: 'ana@example.com' }),
      entry('profile', profile),
    );
    expect(keepValidQueries(saved).clientState.queries).toHaveLength(2);
  });

  it('silently drops entries of the wrong shape and queries it does not know', () => {
    const saved = client(
      entry('session', { id: 42 }),
      entry('profile', { ...profile, nativeLanguage: 'klingon' }),
      entry('words', { pages: [{ words: [{ id: 1 }] }] }),
      entry('suggestions', { pages: [] }),
    );
    expect(keepValidQueries(saved).clientState.queries).toHaveLength(0);
  });

  it('drops a store that is not JSON', async () => {
    const storage = new MemoryStorage();
    storage.setItem(QUERY_CACHE_KEY, '{not json');
    const persister = createLocalStoragePersister(() => storage as unknown as Storage);
    expect(await persister.restoreClient()).toBeUndefined();
    expect(storage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });
});

describe('saving the offline query cache', () => {
  it('keeps what a failed refetch could not replace, saved as the last answer', async () => {
    const storage = new MemoryStorage();
    const persister = createLocalStoragePersister(() => storage as unknown as Storage);
    const failed = entry('profile', profile);
    failed.state = {
      ...failed.state,
      status: 'error',
      error: { message: 'Could not reach the server.' } as never,
      errorUpdatedAt: 5,
      fetchFailureCount: 1,
    };
    await persister.persistClient(client(failed));
    const kept = saved(storage)?.clientState.queries[0]?.state;
    expect(kept).toMatchObject({ status: 'success', error: null, data: profile });
    const restored = await persister.restoreClient();
    expect(restored?.clientState.queries).toHaveLength(1);
  });

  const saved = (storage: MemoryStorage) =>
    JSON.parse(storage.getItem(QUERY_CACHE_KEY) ?? 'null') as PersistedClient | null;

  it('writes a change at once, so a reload right after it finds the new state', async () => {
    const storage = new MemoryStorage();
    const persister = createLocalStoragePersister(() => storage as unknown as Storage);
    await persister.persistClient(client(entry('profile', profile)));
    const done = { ...entry('profile', { ...profile, onboardingCompleted: true }) };
    done.state = { ...done.state, dataUpdatedAt: 2 };
    await persister.persistClient(client(done));
    expect(saved(storage)?.clientState.queries[0]?.state.data).toMatchObject({
      onboardingCompleted: true,
    });
  });

  it('does not rewrite the store when nothing new came from the server', async () => {
    const storage = new MemoryStorage();
    let writes = 0;
    const counting = {
      getItem: (key: string) => storage.getItem(key),
      removeItem: (key: string) => storage.removeItem(key),
      setItem: (key: string, value: string) => {
        writes += 1;
        storage.setItem(key, value);
      },
    };
    const persister = createLocalStoragePersister(() => counting as unknown as Storage);
    await persister.persistClient(client(entry('profile', profile)));
    await persister.persistClient({ ...client(entry('profile', profile)), timestamp: 5 });
    expect(writes).toBe(1);
    await persister.removeClient();
    await persister.persistClient(client(entry('profile', profile)));
    expect(writes).toBe(2);
  });
});

describe('a restored copy', () => {
  it('is out of date once restored; what the server sent during this page load is not', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['practice', 'feed'], { kind: 'caught-up' }, { updatedAt: 1 });
    queryClient.setQueryData(['profile'], profile);
    await askAgainForRestoredQueries(queryClient);
    expect(queryClient.getQueryState(['practice', 'feed'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['profile'])?.isInvalidated).toBe(false);
  });
});

describe('isConfirmedThisStart', () => {
  it('tells data restored from the device from data the server sent during this page load', () => {
    expect(isConfirmedThisStart({ dataUpdatedAt: 1 })).toBe(false);
    expect(isConfirmedThisStart({ dataUpdatedAt: Date.now() })).toBe(true);
  });
});

describe('cached words and groups (spec §3 "Cached-data validity")', () => {
  const page = (words: unknown) => ({ words, total: 1 });
  it.each([
    [{ pages: [page([{ id: 'w1', word: 'gato' }])], pageParams: [] }, true],
    [{ pages: [], pageParams: [] }, true],
    [{ pages: [page([{ id: 'w1', word: 'gato' }]), page([{ id: 2, word: 'casa' }])] }, false],
    [{ pages: [page([{ id: 'w1' }])] }, false],
    [{ pages: [{ items: [] }] }, false],
    [{ pages: 'x' }, false],
    [null, false],
  ])('words %j valid: %s', (data, valid) => {
    expect(isWordPages(data)).toBe(valid);
    const restored = keepValidQueries(client(entry('words', data)));
    // A single card is kept too; anything else in the words key is dropped.
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });

  it.each([
    [[{ id: 'g1', name: 'Food & Dining' }], true],
    [[], true],
    [{ groups: [{ id: 'g1', name: 'Food & Dining' }], generating: false }, true],
    [[{ id: 'g1' }], false],
    [{ groups: [{ id: 'g1' }], generating: false }, false],
    [{ id: 'g1', name: 'x' }, false],
  ])('groups %j valid: %s', (data, valid) => {
    expect(isGroupList(data)).toBe(valid);
    const restored = keepValidQueries(client(entry(['groups', 'list'], data)));
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });

  it.each([
    [{ id: 'g1', name: 'Food', words: [{ id: 'w1', word: 'gato' }] }, true],
    [{ id: 'g1', name: 'Food', words: [{ id: 'w1' }] }, false],
    [{ id: 'g1', name: 'Food' }, false],
  ])('a group with its words %j valid: %s', (data, valid) => {
    expect(isGroupDetail(data)).toBe(valid);
    const restored = keepValidQueries(client(entry(['groups', 'detail', 'g1'], data)));
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });
});

describe('the feed kept for offline use', () => {
  it.each([
    [{ kind: 'session', session: { id: 's1', items: [], words: [] } }, true],
    [{ kind: 'caught-up', nextReviewDate: null }, true],
    [{ kind: 'session', session: { id: 's1' } }, false],
    [{ kind: 'party' }, false],
  ])('feed %j valid: %s', (data, valid) => {
    expect(isFeedState(data)).toBe(valid);
    const restored = keepValidQueries(client(entry(['practice', 'feed'], data)));
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });

  it.each([
    [{ id: 's1', mode: 'infinity', items: [{ completed: true }, { completed: false }] }, true],
    [{ kind: 'session', session: { id: 's1', items: [] } }, false],
    [{ id: 's1' }, false],
  ])('a session by its id (an infinity round reloaded offline) %j valid: %s', (data, valid) => {
    expect(isPracticeSession(data)).toBe(valid);
    const restored = keepValidQueries(client(entry(['practice', 'session', 's1'], data)));
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });

  it('keeps no other practice query', () => {
    const restored = keepValidQueries(
      client(entry(['practice', 'suggestions'], { id: 's1', items: [] })),
    );
    expect(restored.clientState.queries).toHaveLength(0);
  });

  it.each([
    [{ words: [{ id: 'w1', word: 'gato', nextReviewDate: '2026-11-27T10:00:00.000Z' }] }, true],
    [{ words: [] }, true],
    [{ words: [{ id: 'w1', nextReviewDate: '2026-11-27T10:00:00.000Z' }] }, false],
    [{ words: 'gato' }, false],
  ])('the words kept for practice offline %j valid: %s', (data, valid) => {
    expect(isWordPage(data)).toBe(valid);
    const restored = keepValidQueries(client(entry(['words', 'on-device'], data)));
    expect(restored.clientState.queries.length).toBe(valid ? 1 : 0);
  });
});
