import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/core/api-client';

/** Asks for a reset link by email; the answer is the same whether an account uses the email. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<{ message: string }>('/api/auth/password-reset/request', { email }),
  });
}

/** Sets a new password with the link's token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api.post<{ message: string }>('/api/auth/password-reset', input),
  });
}
