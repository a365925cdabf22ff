import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@verba/shared';
import { api } from '@/lib/core/api-client';

export function changePassword(input: ChangePasswordInput): Promise<{ success: true }> {
  return api.post('/api/account/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
