import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { WORD_PAGE_SIZE, WORD_PREFETCH_SIZE, type WordList } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';
import { nextWordPageParam, type WordListPageParam } from '../utils/word-pages';
import {
  DEFAULT_WORD_LIST_PARAMS,
  FIRST_WORD_PAGE,
  wordListPath,
  type WordListParams,
} from './word-list-path';

const MINUTE = 60_000;

/** One page of the collection, filtered, searched and sorted by the server. */
export function getWords(
  params: WordListParams & WordListPageParam,
  signal?: AbortSignal,
): Promise<WordList> {
  return api.get<WordList>(wordListPath(params), { signal });
}

export const wordListQueryKey = (params: WordListParams) =>
  [...queryKeys.wordLists, params] as const;

/** Spec §9 "Caches": the word list is fresh for 10 minutes and kept for 60. */
export const getWordsQueryOptions = (params: WordListParams) =>
  infiniteQueryOptions({
    queryKey: wordListQueryKey(params),
    queryFn: ({ pageParam, signal }) => getWords({ ...params, ...pageParam }, signal),
    initialPageParam: FIRST_WORD_PAGE,
    getNextPageParam: (_last, pages) => nextWordPageParam(pages, WORD_PAGE_SIZE),
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
  });

export function useWords(params: WordListParams) {
  return useInfiniteQuery(getWordsQueryOptions(params));
}

/**
 * The feed warms the list with its first 20 words (spec §2 "App shell"); My Words then shows
 * them at once and loads the rest in pages of 50 from where the prefetch stopped.
 */
export function prefetchWords(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery({
    ...getWordsQueryOptions(DEFAULT_WORD_LIST_PARAMS),
    initialPageParam: { offset: 0, limit: WORD_PREFETCH_SIZE },
  });
}
