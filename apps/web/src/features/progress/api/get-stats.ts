import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Stats } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';

export const statsQueryKey = queryKeys.stats;

/** The Progress screen's figures, in one request. */
export function getStats(signal?: AbortSignal): Promise<Stats> {
  return api.get<Stats>('/api/stats', { signal });
}

// Asked again each time the screen opens: a practice session since changes every block.
export const statsQueryOptions = () =>
  queryOptions({
    queryKey: statsQueryKey,
    queryFn: ({ signal }) => getStats(signal),
    staleTime: 0,
  });

export const useStats = () => useQuery(statsQueryOptions());
