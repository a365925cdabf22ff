import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordEnrichmentStatus } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';

const MINUTE = 60_000;

/** How many imported words the AI is still completing. */
export function getEnrichment(signal?: AbortSignal): Promise<WordEnrichmentStatus> {
  return api.get<WordEnrichmentStatus>('/api/enrichment', { signal });
}

/**
 * Under the words' key: every change to the words ('words.changed', 'words.completed' over live
 * updates) asks for the count again, so it falls as the AI completes words.
 */
export const getEnrichmentQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.words, 'enrichment'] as const,
    queryFn: ({ signal }) => getEnrichment(signal),
    staleTime: 10 * MINUTE,
  });

export function useEnrichment() {
  return useQuery(getEnrichmentQueryOptions());
}
