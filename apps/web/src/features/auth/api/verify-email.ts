import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailResult } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';

/** Confirms the address with the token of the mailed link; a second use says it was done. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyEmailResult>('/api/auth/verify-email', { token }),
    onSuccess: () => markStale(queryClient, 'email.verified'),
  });
}
