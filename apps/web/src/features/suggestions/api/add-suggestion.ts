import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddSuggestionResult } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { suggestionsQueryKey } from './get-suggestions';

/** Adds a suggested word to the collection; the answer holds the suggestions left. */
export function addSuggestion(word: string): Promise<AddSuggestionResult> {
  return api.post<AddSuggestionResult>('/api/suggestions/add', { word });
}

export function useAddSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSuggestion,
    onSuccess: (result) => {
      queryClient.setQueryData(suggestionsQueryKey, { suggestions: result.suggestions });
      return markStale(queryClient, 'suggestion.added');
    },
  });
}
