import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Word } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';
import type { WordPages } from '../utils/word-pages';

const MINUTE = 60_000;

/** One word with its whole card. */
export function getWord(id: string, signal?: AbortSignal): Promise<Word> {
  return api.get<Word>(`/api/words/${encodeURIComponent(id)}`, { signal });
}

export const wordQueryKey = (id: string) => [...queryKeys.words, 'detail', id] as const;

export const getWordQueryOptions = (id: string) =>
  queryOptions({
    queryKey: wordQueryKey(id),
    queryFn: ({ signal }) => getWord(id, signal),
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
  });

/** The word as a loaded list page has it, to show while its own request is on the way. */
function findListedWord(queryClient: QueryClient, id: string): Word | undefined {
  const lists = queryClient.getQueriesData<WordPages>({ queryKey: [...queryKeys.words, 'list'] });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      const word = page.words.find((w) => w.id === id);
      if (word) return word;
    }
  }
  return undefined;
}

export function useWord(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...getWordQueryOptions(id),
    placeholderData: () => findListedWord(queryClient, id),
  });
}
