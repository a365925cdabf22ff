import { useMutation } from '@tanstack/react-query';
import type { GenerateGroupsInput, GenerateGroupsResult } from '@verba/shared';
import { api } from '@/lib/core/api-client';

/** Starts a grouping run on the server; the groups arrive later through live updates. */
export function generateGroups(input: GenerateGroupsInput): Promise<GenerateGroupsResult> {
  return api.post<GenerateGroupsResult>('/api/groups/generate', input);
}

export function useGenerateGroups() {
  return useMutation({ mutationFn: generateGroups });
}
