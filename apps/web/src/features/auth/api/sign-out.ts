import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetAnalytics, track } from '@/lib/analytics';
import { ApiError } from '@/lib/core/api-error';
import { api } from '@/lib/core/api-client';
import { noteSignedOutHere } from '@/lib/core/auth';
import { queryKeys } from '@/lib/core/query-keys';
import { clearPersistedQueries } from '@/lib/core/query-persistence';

/** Ends the session on the server. A session that is already gone counts as signed out. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/sign-out', {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      track('user_logged_out');
      resetAnalytics();
      noteSignedOutHere(true);
      // Nothing of the previous user may outlive the session in this tab.
      queryClient.setQueryData(queryKeys.session, null);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      clearPersistedQueries();
    },
  });
}
