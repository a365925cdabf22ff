import { queryOptions, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { GROUP_TEXT, type GroupList } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { ApiError } from '@/lib/core/api-error';
import { queryKeys } from '@/lib/core/query-keys';
import { isConfirmedThisStart } from '@/lib/core/query-persistence';

const MINUTE = 60_000;

/**
 * Said here rather than on the screen, which the sign-in gate may already have replaced. The reads
 * take no abort signal for the same reason: leaving the screen would cancel them before they can
 * say it.
 */
export function sayWhenSignedOut(error: unknown): never {
  if (error instanceof ApiError && error.status === 401) toast.error(GROUP_TEXT.notAuthenticated);
  throw error;
}

export function getGroups(): Promise<GroupList> {
  return api.get<GroupList>('/api/groups').catch(sayWhenSignedOut);
}

/**
 * Spec §9: groups are fresh 10 minutes, kept 60, not refetched on focus or mount; live updates
 * and the learner's own writes mark them stale when they change (lib/core/query-invalidation.ts), and
 * only then does opening Groups ask again; so does the first visit to a list restored from the
 * device (lib/core/query-persistence): changes made while the app was closed sent no update here.
 */
export const groupsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.groups, 'list'] as const,
    queryFn: getGroups,
    staleTime: 10 * MINUTE,
    gcTime: 60 * MINUTE,
    refetchOnWindowFocus: false,
    refetchOnMount: (query) => query.state.isInvalidated || !isConfirmedThisStart(query.state),
  });

export function useGroups() {
  return useQuery(groupsQueryOptions());
}
