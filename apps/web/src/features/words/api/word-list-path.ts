import { WORD_PAGE_SIZE, type WordFilter, type WordSort } from '@verba/shared';
import type { WordListPageParam } from '../utils/word-pages';

/**
 * Where the word list's pages are read from. Kept free of the data layer: the route manifest
 * (config/routes.ts) builds the first page's early read with the same function.
 */
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

/** The page My Words asks for first. */
export const FIRST_WORD_PAGE: WordListPageParam = { offset: 0, limit: WORD_PAGE_SIZE };

/** The address of one page of the collection. */
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
