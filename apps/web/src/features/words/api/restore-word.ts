import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WORD_TEXT, type Word } from '@verba/shared';
import { toast } from 'sonner';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';

/** Undoes a delete within its window: the word comes back with its review history. */
export function restoreWord(id: string): Promise<Word> {
  return api.post<Word>(`/api/words/${encodeURIComponent(id)}/restore`, {});
}

/**
 * The delete toast's Undo. Its callbacks are the mutation's own, so they run even when the
 * screen that deleted the word (its card) has been left meanwhile.
 */
export function useRestoreWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreWord,
    onError: (error) => toast.error(WORD_TEXT.restoreFailed, { description: error.message }),
    onSettled: () => markStale(queryClient, 'word.restored'),
  });
}
