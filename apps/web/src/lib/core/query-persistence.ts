import type { Query, QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { LANGUAGE_CODES } from '@verba/shared';
import { queryKeys } from './query-keys';

type PersistedQuery = PersistedClient['clientState']['queries'][number];

/** Where the offline cache lives (spec §9: local storage, versioned key). */
export const QUERY_CACHE_KEY = 'verba-query-cache-v2';
/** How long a saved cache may be used to open the app without a network. */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * When this page load began. Data fetched (or set from a server answer) since then has been
 * confirmed by the server; data older than this was restored from the device and may be out of
 * date, so it may paint the first screen but never decides a redirect on its own.
 */
export const APP_STARTED_AT = Date.now();

/** Whether a query's data came from the server during this page load. */
export function isConfirmedThisStart(state: { dataUpdatedAt: number }): boolean {
  return state.dataUpdatedAt >= APP_STARTED_AT;
}

/**
 * Once the saved copy is restored, everything in it is marked out of date: the screen on show is
 * asked for again at once and every other when it is next opened, so a copy saved minutes ago
 * paints the screen but never stands in for the server's answer (a new word, a finished session).
 */
export function askAgainForRestoredQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.state.data !== undefined && !isConfirmedThisStart(query.state),
  });
}

/**
 * The queries saved for offline use, each with the shape its data must have: every screen a
 * learner has visited once online (feed, words, a word's card, groups, a group, profile) opens
 * offline from them. An entry that does not match (an older version, a hand-edited store) is
 * silently dropped on restore.
 */
// Plain checks rather than the zod schemas: they keep zod out of every page's first load.
const PERSISTED: Record<string, (data: unknown) => boolean> = {
  [queryKeys.session[0]]: (data) => data === null || isSessionUser(data),
  [queryKeys.profile[0]]: isProfile,
  // The word list (pages), single cards and the words practice starts from offline (one page).
  [queryKeys.words[0]]: (data) => isWordPages(data) || isWordEntry(data) || isWordPage(data),
  [queryKeys.groups[0]]: (data) => isGroupList(data) || isGroupDetail(data),
  // The feed's state, with the session that was open, so it can be finished offline.
  [JSON.stringify(queryKeys.practiceFeed)]: isFeedState,
  // A session by its id (an infinity round's address), so a reload offline resumes it.
  [JSON.stringify(queryKeys.practiceSession('').slice(0, 2))]: isPracticeSession,
};

/**
 * The check for a query's data, if the query is saved: by its whole key, else its first two
 * parts, else its first part.
 */
function validatorFor(queryKey: readonly unknown[]): ((data: unknown) => boolean) | undefined {
  return (
    PERSISTED[JSON.stringify(queryKey)] ??
    PERSISTED[JSON.stringify(queryKey.slice(0, 2))] ??
    PERSISTED[String(queryKey[0])]
  );
}

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

const isWordEntry = (v: unknown) =>
  isRecord(v) && typeof v.id === 'string' && typeof v.word === 'string';

/**
 * Spec §3 "Cached-data validity": a cached words query holds pages, each with a words array whose
 * entries have a string id and a string word.
 */
export function isWordPages(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.pages) && data.pages.every(isWordPage);
}

/** One page of words: a words array whose entries have a string id and a string word. */
export function isWordPage(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.words) && data.words.every(isWordEntry);
}

const isGroupEntry = (v: unknown) =>
  isRecord(v) && typeof v.id === 'string' && typeof v.name === 'string';

/**
 * Spec §3: a cached groups query is an array of entries with a string id and a string name (the
 * API sends that array as `groups`, beside whether a generation is running).
 */
export function isGroupList(data: unknown): boolean {
  const entries = isRecord(data) && !Array.isArray(data) ? data.groups : data;
  return Array.isArray(entries) && entries.every(isGroupEntry);
}

/** One group with its words, as the group screen shows it. */
export function isGroupDetail(data: unknown): boolean {
  return (
    isGroupEntry(data) &&
    isRecord(data) &&
    Array.isArray(data.words) &&
    data.words.every(isWordEntry)
  );
}

const FEED_KINDS = ['no-words', 'session', 'quick-review', 'due', 'caught-up'];

/** A practice session: its id and items. */
export function isPracticeSession(data: unknown): boolean {
  return isRecord(data) && typeof data.id === 'string' && Array.isArray(data.items);
}

/** What the feed showed: one of its kinds, and for an open session its id and items. */
export function isFeedState(data: unknown): boolean {
  if (!isRecord(data) || !FEED_KINDS.includes(data.kind as string)) return false;
  return data.kind !== 'session' || isPracticeSession(data.session);
}

/**
 * Saved: every listed query that holds data, including one whose last refetch failed (offline):
 * a failed request never removes what the device knew.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.data !== undefined && validatorFor(query.queryKey) !== undefined;
}

/**
 * A query saved after a failed refetch is kept as the last answer the server gave, so that the
 * next start shows it as data rather than as an error.
 */
function asLastKnownAnswer(query: PersistedQuery): PersistedQuery {
  if (query.state.status !== 'error') return query;
  return {
    ...query,
    state: {
      ...query.state,
      status: 'success',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchStatus: 'idle',
    },
  };
}

export function keepValidQueries(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.filter((query) => {
    const isValid = validatorFor(query.queryKey);
    return isValid !== undefined && isValid(query.state.data);
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Saves the query cache to localStorage as soon as a saved query changes: a reload right after
 * a change (finishing onboarding, signing in) must find the new state. The saved queries are
 * small, and a write happens only when one of them has a new answer from the server.
 */
export function createLocalStoragePersister(
  storage: () => Storage = () => window.localStorage,
): Persister {
  let lastSaved: string | undefined;
  return {
    persistClient: (client) => {
      // Fetch-status flips change nothing worth saving; a new answer from the server does.
      const content = JSON.stringify(
        client.clientState.queries.map((q) => [q.queryHash, q.state.dataUpdatedAt, q.state.data]),
      );
      if (content === lastSaved) return;
      try {
        const queries = client.clientState.queries.map(asLastKnownAnswer);
        const saved = { ...client, clientState: { ...client.clientState, queries } };
        storage().setItem(QUERY_CACHE_KEY, JSON.stringify(saved));
        lastSaved = content;
      } catch {
        // Storage full or blocked: the app still works, it just will not open offline.
      }
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
      lastSaved = undefined;
      storage().removeItem(QUERY_CACHE_KEY);
    },
  };
}

export const persister = createLocalStoragePersister();

/** Forgets the saved cache at once: nothing of a signed-out user stays on the device. */
export function clearPersistedQueries(): void {
  void persister.removeClient();
}
