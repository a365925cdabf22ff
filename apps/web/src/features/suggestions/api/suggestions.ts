import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddSuggestionResult, SuggestionList } from '@verba/shared';
import { api } from '@/lib/api-client';
import { markStale } from '@/lib/query-invalidation';
import { queryKeys } from '@/lib/query-keys';

const MINUTE = 60_000;
const listKey = [...queryKeys.suggestions, 'list'] as const;

export function getSuggestions(signal?: AbortSignal): Promise<SuggestionList> {
  return api.get<SuggestionList>('/api/suggestions', { signal });
}

/** Spec §9: suggestions are fresh 5 minutes, kept 1 hour, retried once. */
export function useSuggestions() {
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => getSuggestions(signal),
    staleTime: 5 * MINUTE,
    gcTime: 60 * MINUTE,
    retry: 1,
  });
}

export function useRefreshSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SuggestionList>('/api/suggestions/refresh', {}),
    onSuccess: (data) => {
      queryClient.setQueryData(listKey, data);
      return markStale(queryClient, 'suggestions.refreshed');
    },
  });
}

export function useAddSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => api.post<AddSuggestionResult>('/api/suggestions/add', { word }),
    onSuccess: (result) => {
      queryClient.setQueryData(listKey, { suggestions: result.suggestions });
      return markStale(queryClient, 'suggestion.added');
    },
  });
}
