import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthOptions } from '@verba/shared';
import { api } from '@/lib/core/api-client';

/** Who may sign up here and how one signs in: what the pages before sign-in offer. */
export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-options'] as const,
    queryFn: ({ signal }) => api.get<AuthOptions>('/api/auth/options', { signal }),
    staleTime: 5 * 60_000,
    retry: 1,
  });

export function useAuthOptions() {
  return useQuery(authOptionsQueryOptions());
}
