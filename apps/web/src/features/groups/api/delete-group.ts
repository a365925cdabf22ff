import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_UNDO, GROUP_TEXT, type GroupDetail, type GroupList } from '@verba/shared';
import { toast } from 'sonner';
import { api } from '@/lib/core/api-client';
import { ApiError } from '@/lib/core/api-error';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { groupsQueryOptions } from './get-groups';
import { useRestoreGroup } from './restore-group';

/** Deletes a group (its words stay); one that is already gone (404) counts as deleted. */
export async function deleteGroup(id: string): Promise<void> {
  try {
    await api.delete(`/api/groups/${encodeURIComponent(id)}`, {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Takes the group out of the cached list at once; if the server refuses, the list comes back as
 * it was with 'Error deleting group'. Once deleted, 'Group deleted' offers Undo while the server
 * still keeps the group (docs/decisions/018).
 */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  const { mutate: restore } = useRestoreGroup();
  const listKey = groupsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (group: Pick<GroupDetail, 'id'>) => deleteGroup(group.id),
    onMutate: async (group) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const list = queryClient.getQueryData<GroupList>(listKey);
      if (list) {
        queryClient.setQueryData<GroupList>(listKey, {
          ...list,
          groups: list.groups.filter((g) => g.id !== group.id),
        });
      }
      return { list };
    },
    onError: (error, _group, context) => {
      if (context?.list) queryClient.setQueryData(listKey, context.list);
      toast.error(GROUP_TEXT.deleteFailed, { description: error.message });
    },
    onSuccess: (_data, group) => {
      queryClient.removeQueries({ queryKey: queryKeys.group(group.id) });
      toast.success(GROUP_TEXT.deleted, {
        description: GROUP_TEXT.deletedDescription,
        duration: DELETE_UNDO.toastMs,
        action: { label: GROUP_TEXT.undo, onClick: () => restore(group.id) },
      });
    },
    onSettled: () => markStale(queryClient, 'group.deleted'),
  });
}
