import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuggestionList } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { suggestionsQueryKey } from './get-suggestions';

/** Asks the AI provider for new suggestions; they replace the list. */
export function refreshSuggestions(): Promise<SuggestionList> {
  return api.post<SuggestionList>('/api/suggestions/refresh', {});
}

export function useRefreshSuggestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshSuggestions,
    onSuccess: (data) => {
      queryClient.setQueryData(suggestionsQueryKey, data);
      return markStale(queryClient, 'suggestions.refreshed');
    },
  });
}
