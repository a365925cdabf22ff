import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import {
  WORD_PAGE_SIZE,
  WORD_PREFETCH_SIZE,
  type WordFilter,
  type WordList,
  type WordSort,
} from '@verba/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { nextWordPageParam, type WordListPageParam } from '../utils/word-pages';

const MINUTE = 60_000;

export interface WordListParams {
  filter: WordFilter;
  sort: WordSort;
  search: string;
}

export const DEFAULT_WORD_LIST_PARAMS: WordListParams = {
  filter: 'all',
  sort: 'recent',
  search: '',
};

/**
 * The address of one page of the collection (index.html asks for the first page of the default
 * list early, at this address).
 */
export function wordListPath(params: WordListParams & WordListPageParam): string {
  const query = new URLSearchParams({
    filter: params.filter,
    sort: params.sort,
    limit: String(params.limit),
    offset: String(params.offset),
  });
  const search = params.search.trim();
  if (search) query.set('search', search);
  return `/api/words?${query.toString()}`;
}

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
    initialPageParam: { offset: 0, limit: WORD_PAGE_SIZE } as WordListPageParam,
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
