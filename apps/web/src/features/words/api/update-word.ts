import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOAST, type UpdateWordInput, type Word } from '@verba/shared';
import { toast } from 'sonner';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { dropWordFromList, patchWordInPages, type WordPages } from '../utils/word-pages';
import { wordQueryKey } from './get-word';

/** Changes a word's card fields and/or its favorite mark. */
export function updateWord({ id, patch }: { id: string; patch: UpdateWordInput }): Promise<Word> {
  return api.patch<Word>(`/api/words/${encodeURIComponent(id)}`, patch);
}

const listKey = [...queryKeys.words, 'list'] as const;
/** Every cached Favorites list, whatever its sort or search (query keys match by prefix). */
const favoritesListKey = [...listKey, { filter: 'favorites' }] as const;

/** Edits a card; the lists are refreshed afterwards (the word may move in the A-Z order). */
export function useUpdateWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWord,
    onSuccess: async (word) => {
      queryClient.setQueryData(wordQueryKey(word.id), word);
      queryClient.setQueriesData<WordPages>({ queryKey: listKey }, (data) =>
        patchWordInPages(data, word.id, word),
      );
      await markStale(queryClient, 'word.edited');
    },
  });
}

/**
 * Marks or unmarks a favorite at once (spec §4: optimistic) in every cached list and the card,
 * and puts everything back with an 'Error' toast if the server refuses.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isFavorite }: { id: string; isFavorite: boolean }) =>
      updateWord({ id, patch: { isFavorite } }),
    onMutate: async ({ id, isFavorite }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.words });
      const lists = queryClient.getQueriesData<WordPages>({ queryKey: listKey });
      const detail = queryClient.getQueryData<Word>(wordQueryKey(id));
      queryClient.setQueriesData<WordPages>({ queryKey: listKey }, (data) =>
        patchWordInPages(data, id, { isFavorite }),
      );
      // An unmarked word leaves the Favorites list at once, as it would after a refresh.
      if (!isFavorite) {
        queryClient.setQueriesData<WordPages>({ queryKey: favoritesListKey }, (data) =>
          dropWordFromList(data, id),
        );
      }
      if (detail) queryClient.setQueryData<Word>(wordQueryKey(id), { ...detail, isFavorite });
      return { lists, detail };
    },
    onError: (error, { id }, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.detail) queryClient.setQueryData(wordQueryKey(id), context.detail);
      toast.error(TOAST.error, { description: error.message });
    },
    onSuccess: (word) => {
      queryClient.setQueryData(wordQueryKey(word.id), word);
    },
    // Refetched when next shown: a list refetched now would move rows under the learner's finger.
    onSettled: () => markStale(queryClient, 'word.favorited', { refetch: false }),
  });
}
