import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/core/api-client';

/** Mails the signed-in learner's confirmation link again. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/api/auth/verify-email/resend', {}),
  });
}
