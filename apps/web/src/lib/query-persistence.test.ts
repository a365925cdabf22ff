import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import {
  createLocalStoragePersister,
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

const entry = (key: string, data: unknown) => ({
  queryKey: [key],
  queryHash: JSON.stringify([key]),
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
      entry('words', { pages: [] }),
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
