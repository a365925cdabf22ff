import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GROUP_TEXT, type GroupDetail } from '@verba/shared';
import { toast } from 'sonner';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';

/** Undoes a group's delete within its window: the group comes back with its words. */
export function restoreGroup(id: string): Promise<GroupDetail> {
  return api.post<GroupDetail>(`/api/groups/${encodeURIComponent(id)}/restore`, {});
}

/** The delete toast's Undo; its callbacks run even after the group's screen was left. */
export function useRestoreGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreGroup,
    onError: (error) => toast.error(GROUP_TEXT.restoreFailed, { description: error.message }),
    onSettled: () => markStale(queryClient, 'group.restored'),
  });
}
