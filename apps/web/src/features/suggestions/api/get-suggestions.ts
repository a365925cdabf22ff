import { useQuery } from '@tanstack/react-query';
import type { SuggestionList } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';

const MINUTE = 60_000;

/** The suggestion list's cache key; a refresh or an added suggestion replaces what it holds. */
export const suggestionsQueryKey = [...queryKeys.suggestions, 'list'] as const;

export function getSuggestions(signal?: AbortSignal): Promise<SuggestionList> {
  return api.get<SuggestionList>('/api/suggestions', { signal });
}

/** Spec §9: suggestions are fresh 5 minutes, kept 1 hour, retried once. */
export function useSuggestions() {
  return useQuery({
    queryKey: suggestionsQueryKey,
    queryFn: ({ signal }) => getSuggestions(signal),
    staleTime: 5 * MINUTE,
    gcTime: 60 * MINUTE,
    retry: 1,
  });
}
