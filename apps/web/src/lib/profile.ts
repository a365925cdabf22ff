import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@verba/shared';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { PERSIST_MAX_AGE } from './query-persistence';

/**
 * The signed-in user's profile. Shared by the route gates (onboarding status) and the features
 * that show or change it, so it lives outside any one feature.
 */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get<Profile>('/api/profile', { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
    gcTime: PERSIST_MAX_AGE,
  });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled: options.enabled ?? true });
}
