import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordHistory } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { wordQueryKey } from './get-word';

/** A word's reviews and memory state, for its detail page. */
export function getWordHistory(id: string, signal?: AbortSignal): Promise<WordHistory> {
  return api.get<WordHistory>(`/api/stats/words/${encodeURIComponent(id)}`, { signal });
}

// Under the word's own key, so whatever marks the word stale marks its history too; asked again
// each time the card opens, as a practice session may have added to it.
export const getWordHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...wordQueryKey(id), 'history'],
    queryFn: ({ signal }) => getWordHistory(id, signal),
    staleTime: 0,
  });

export const useWordHistory = (id: string) => useQuery(getWordHistoryQueryOptions(id));
