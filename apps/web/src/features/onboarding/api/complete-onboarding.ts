import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompleteOnboardingInput, Profile } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';

/** Saves the language pair and marks onboarding as completed. */
export function completeOnboarding(input: CompleteOnboardingInput): Promise<Profile> {
  return api.post<Profile>('/api/profile/onboarding', input);
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profile, profile);
      return markStale(queryClient, 'onboarding.completed');
    },
  });
}
