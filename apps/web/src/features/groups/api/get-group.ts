import { useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { queryKeys } from '@/lib/core/query-keys';
import { sayWhenSignedOut } from './get-groups';

const MINUTE = 60_000;

export function getGroup(id: string): Promise<GroupDetail> {
  return api.get<GroupDetail>(`/api/groups/${encodeURIComponent(id)}`).catch(sayWhenSignedOut);
}

export function useGroup(id: string) {
  return useQuery({
    queryKey: queryKeys.group(id),
    queryFn: () => getGroup(id),
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
    refetchOnWindowFocus: false,
  });
}
