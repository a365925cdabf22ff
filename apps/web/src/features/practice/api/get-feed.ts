import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { FeedState } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';

const MINUTE = 60_000;

/** What the feed shows now, decided by the server (spec §4 "Feed session selection"). */
export function getFeed(signal?: AbortSignal): Promise<FeedState> {
  return api.get<FeedState>('/api/practice/feed', { signal });
}

/** Spec §9 "Caches": the practice session is fresh for 15 minutes and kept for 30. */
export const feedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.practiceFeed,
    queryFn: ({ signal }) => getFeed(signal),
    staleTime: 15 * MINUTE,
    gcTime: 30 * MINUTE,
  });

export function useFeed() {
  return useQuery(feedQueryOptions());
}

/** My Words warms the feed's session (spec §2 "App shell"), so going back to practise is instant. */
export function prefetchFeed(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(feedQueryOptions());
}
