import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOverview, CreateInvitationInput, IssuedLink } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';

const adminKey = queryKeys.admin;

/** Whether the signed-in learner runs this server; the profile links the admin page for them. */
export const adminAccessQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'access'] as const,
    queryFn: ({ signal }) => api.get<{ admin: boolean }>('/api/admin/access', { signal }),
    staleTime: 5 * 60_000,
  });

export function useAdminAccess(): boolean {
  return useQuery(adminAccessQueryOptions()).data?.admin ?? false;
}

export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'overview'] as const,
    queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin', { signal }),
    // Accounts change without this admin's doing (sign-ups, activity): asked again on each visit.
    staleTime: 0,
  });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}

/** A change to accounts or invitations, after which the overview is asked again. */
function useAdminChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => markStale(queryClient, 'admin.changed'),
  });
}

export const useSetDisabled = () =>
  useAdminChange(({ id, disabled }: { id: string; disabled: boolean }) =>
    api.patch<{ success: boolean }>(`/api/admin/accounts/${encodeURIComponent(id)}`, { disabled }),
  );

export const useDeleteAccount = () =>
  useAdminChange((id: string) =>
    api.delete<{ success: boolean }>(`/api/admin/accounts/${encodeURIComponent(id)}`),
  );

export const useIssueResetLink = () =>
  useAdminChange((id: string) =>
    api.post<IssuedLink>(`/api/admin/accounts/${encodeURIComponent(id)}/reset-link`, {}),
  );

export const useCreateInvitation = () =>
  useAdminChange((input: CreateInvitationInput) =>
    api.post<IssuedLink>('/api/admin/invitations', input),
  );

export const useRevokeInvitation = () =>
  useAdminChange((id: string) =>
    api.delete<{ success: boolean }>(`/api/admin/invitations/${encodeURIComponent(id)}`),
  );
