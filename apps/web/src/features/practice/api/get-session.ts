import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeSession } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';

const MINUTE = 60_000;

/** One of the learner's sessions, with every item's state (an infinity round after a reload). */
export function getSession(id: string, signal?: AbortSignal): Promise<PracticeSession> {
  return api.get<PracticeSession>(`/api/practice/sessions/${encodeURIComponent(id)}`, { signal });
}

export const sessionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.practiceSession(id),
    queryFn: ({ signal }) => getSession(id, signal),
    staleTime: 15 * MINUTE,
    gcTime: 30 * MINUTE,
  });

export function useSession(id: string | null) {
  return useQuery({ ...sessionQueryOptions(id ?? ''), enabled: id !== null });
}
