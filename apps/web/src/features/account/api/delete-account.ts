import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/core/api-client';
import { noteSignedOutHere } from '@/lib/core/auth';
import { queryKeys } from '@/lib/core/query-keys';
import { clearPersistedQueries } from '@/lib/core/query-persistence';

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
