import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail, GroupList } from '@verba/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const MINUTE = 60_000;

export function getGroups(signal?: AbortSignal): Promise<GroupList> {
  return api.get<GroupList>('/api/groups', { signal });
}

/**
 * Spec §9: groups are fresh 10 minutes, kept 60, not refetched on focus or mount; live updates
 * invalidate them when they change.
 */
export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.groups, 'list'] as const,
    queryFn: ({ signal }) => getGroups(signal),
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}

export function getGroup(id: string, signal?: AbortSignal): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/api/groups/${encodeURIComponent(id)}`, { signal });
}

export function useGroup(id: string) {
  return useQuery({
    queryKey: [...queryKeys.groups, 'detail', id] as const,
    queryFn: ({ signal }) => getGroup(id, signal),
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
    refetchOnWindowFocus: false,
  });
}
