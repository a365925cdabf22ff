import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_UNDO, WORD_TEXT, type Word } from '@verba/shared';
import { toast } from 'sonner';
import { ApiError } from '@/lib/core/api-error';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { removeWordFromPages, type WordPages } from '../utils/word-pages';
import { wordQueryKey } from './get-word';
import { useRestoreWord } from './restore-word';

/** Deletes a word; one that is already gone (404) counts as deleted. */
export async function deleteWord(id: string): Promise<void> {
  try {
    await api.delete(`/api/words/${encodeURIComponent(id)}`, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

const listKey = [...queryKeys.words, 'list'] as const;

/**
 * Removes the word from every cached list at once (spec §4: optimistic); if the server refuses,
 * the lists come back as they were with 'Error deleting word'. Once deleted, 'Word deleted'
 * offers Undo while the server still keeps the word (docs/decisions/018).
 */
export function useDeleteWord() {
  const queryClient = useQueryClient();
  const { mutate: restore } = useRestoreWord();
  return useMutation({
    mutationFn: (word: Pick<Word, 'id' | 'mastered'>) => deleteWord(word.id),
    onMutate: async (word) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.words });
      const lists = queryClient.getQueriesData<WordPages>({ queryKey: listKey });
      queryClient.setQueriesData<WordPages>({ queryKey: listKey }, (data) =>
        removeWordFromPages(data, word.id, word),
      );
      return { lists };
    },
    onError: (error, _word, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      toast.error(WORD_TEXT.deleteFailed, { description: error.message });
    },
    onSuccess: (_data, word) => {
      queryClient.removeQueries({ queryKey: wordQueryKey(word.id) });
      toast.success(WORD_TEXT.deleted, {
        duration: DELETE_UNDO.toastMs,
        action: { label: WORD_TEXT.undo, onClick: () => restore(word.id) },
      });
    },
    onSettled: () => markStale(queryClient, 'word.deleted'),
  });
}
