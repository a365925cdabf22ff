import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@verba/shared';
import { ApiError, toApiError } from '@/lib/api-error';
import { api } from '@/lib/api-client';
import { noteSignedOutHere } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { clearPersistedQueries } from '@/lib/query-persistence';

export function changePassword(input: ChangePasswordInput): Promise<{ success: true }> {
  return api.post('/api/account/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function deleteAccount(confirmation: string): Promise<{ success: true }> {
  return api.delete('/api/account', { confirmation });
}

/** Deletes the account; nothing of it stays in this tab or on the device. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      noteSignedOutHere(true);
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      clearPersistedQueries();
    },
  });
}

/** Downloads everything of the learner's as one JSON file. */
export async function downloadMyData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  if (!response.ok) {
    throw toApiError(response.status, await response.json().catch(() => null), 'Download failed');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `verba-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
