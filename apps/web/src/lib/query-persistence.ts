import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { LANGUAGE_CODES } from '@verba/shared';
import { queryKeys } from './query-keys';

/** Where the offline cache lives (spec §9: local storage, versioned key). */
export const QUERY_CACHE_KEY = 'verba-query-cache-v2';
/** How long a saved cache may be used to open the app without a network. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
const WRITE_DELAY_MS = 500;

/**
 * The queries saved for offline use, each with the shape its data must have. An entry that does
 * not match (an older version, a hand-edited store) is silently dropped on restore.
 */
// Plain checks rather than the zod schemas: they keep zod out of every page's first load.
const PERSISTED: Record<string, (data: unknown) => boolean> = {
  [queryKeys.session[0]]: (data) => data === null || isSessionUser(data),
  [queryKeys.profile[0]]: isProfile,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isLanguage = (v: unknown) => (LANGUAGE_CODES as readonly unknown[]).includes(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

function isSessionUser(data: unknown): boolean {
  return isRecord(data) && typeof data.id === 'string' && typeof data.email === 'string';
}

function isProfile(data: unknown): boolean {
  return (
    isSessionUser(data) &&
    isRecord(data) &&
    (data.displayName === null || typeof data.displayName === 'string') &&
    isLanguage(data.nativeLanguage) &&
    isLanguage(data.targetLanguage) &&
    typeof data.onboardingCompleted === 'boolean' &&
    typeof data.analyticsEnabled === 'boolean' &&
    [data.totalWords, data.masteredWords, data.currentStreak, data.totalStudyTime].every(isCount)
  );
}

export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && String(query.queryKey[0]) in PERSISTED;
}

export function keepValidQueries(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.filter((query) => {
    const isValid = PERSISTED[String(query.queryKey[0])];
    return isValid !== undefined && isValid(query.state.data);
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** Saves the query cache to localStorage, a moment after it changes. */
export function createLocalStoragePersister(
  storage: () => Storage = () => window.localStorage,
): Persister {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return {
    persistClient: (client) => {
      clearTimeout(pending);
      pending = setTimeout(() => {
        try {
          storage().setItem(QUERY_CACHE_KEY, JSON.stringify(client));
        } catch {
          // Storage full or blocked: the app still works, it just will not open offline.
        }
      }, WRITE_DELAY_MS);
    },
    restoreClient: () => {
      try {
        const saved = storage().getItem(QUERY_CACHE_KEY);
        return saved ? keepValidQueries(JSON.parse(saved) as PersistedClient) : undefined;
      } catch {
        storage().removeItem(QUERY_CACHE_KEY);
        return undefined;
      }
    },
    removeClient: () => {
      clearTimeout(pending);
      storage().removeItem(QUERY_CACHE_KEY);
    },
  };
}

export const persister = createLocalStoragePersister();

/** Forgets the saved cache at once: nothing of a signed-out user stays on the device. */
export function clearPersistedQueries(): void {
  void persister.removeClient();
}
