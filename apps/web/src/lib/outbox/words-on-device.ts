import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordsOnDevice } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';
import { PERSIST_MAX_AGE } from '@/lib/core/query-persistence';

const MINUTE = 60_000;

/**
 * A word query (its key starts with the words'), so that every change to the words makes it
 * stale (lib/core/query-invalidation.ts).
 */
export const WORDS_ON_DEVICE_KEY = [...queryKeys.words, 'on-device'] as const;

/**
 * The learner's words due soonest, which the device keeps to start practice offline
 * (features/practice builds sessions from them).
 */
export function getWordsOnDevice(signal?: AbortSignal): Promise<WordsOnDevice> {
  return api.get<WordsOnDevice>('/api/practice/offline-words', { signal });
}

/** Kept on the device as long as the saved cache is. */
export const wordsOnDeviceQueryOptions = () =>
  queryOptions({
    queryKey: WORDS_ON_DEVICE_KEY,
    queryFn: ({ signal }) => getWordsOnDevice(signal),
    staleTime: 15 * MINUTE,
    gcTime: PERSIST_MAX_AGE,
  });

/** Keeps the words on the device fresh while mounted. */
export function useWordsOnDevice() {
  return useQuery(wordsOnDeviceQueryOptions());
}
