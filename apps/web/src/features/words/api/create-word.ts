import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWordInput, Word } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { wordQueryKey } from './get-word';

/**
 * Saves a card (from the AI or written by hand). The id is made on the device, so a save sent
 * twice (a double tap, a retry after a lost answer) is stored once.
 */
export function createWord(input: CreateWordInput): Promise<Word> {
  return api.post<Word>('/api/words', input);
}

export function useCreateWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWord,
    onSuccess: async (word) => {
      queryClient.setQueryData(wordQueryKey(word.id), word);
      await markStale(queryClient, 'word.saved');
    },
  });
}
