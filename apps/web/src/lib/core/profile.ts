import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileInput } from '@verba/shared';
import { api } from './api-client';
import { markStale } from './query-invalidation';
import { queryKeys } from './query-keys';
import { isConfirmedThisStart, PERSIST_MAX_AGE } from './query-persistence';

const FRESH_FOR = 10 * 60_000;

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
    // Fresh for 10 minutes (spec §9), except a copy restored from the device: the onboarding
    // flag decides where the learner may go, so it is asked for again on every app start.
    staleTime: (query) => (isConfirmedThisStart(query.state) ? FRESH_FOR : 0),
    gcTime: PERSIST_MAX_AGE,
  });

/**
 * The profile with its word counts taken from the words themselves, as the profile screen opens
 * it (the spec's profile-stats synchronisation); asked for again on every visit.
 */
export const profileWithStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.profileStats,
    queryFn: ({ signal }) => api.get<Profile>('/api/profile/stats', { signal }),
    staleTime: 0,
    gcTime: PERSIST_MAX_AGE,
  });

export function useProfile(options: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled: options.enabled ?? true });
}

/** Changes display name, languages or the analytics preference; the answer replaces the cache. */
export function updateProfile(patch: UpdateProfileInput): Promise<Profile> {
  return api.patch<Profile>('/api/profile', patch);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      return markStale(queryClient, 'profile.updated');
    },
  });
}
