import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportJob, ImportOptionsInput, ImportPreview, LatestImport } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';

/** What the learner brings and how it is read: the upload and its query. */
export interface ImportUpload {
  file: Blob;
  fileName?: string;
  options: ImportOptionsInput;
}

/** The upload's address: its options as the query, the body is the file. */
export function uploadPath(path: string, { fileName, options }: Omit<ImportUpload, 'file'>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) query.set(key, String(value));
  }
  if (fileName) query.set('fileName', fileName);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** What an import of the upload would save; nothing is saved. */
export function previewImport(upload: ImportUpload, signal?: AbortSignal): Promise<ImportPreview> {
  return api.post<ImportPreview>(uploadPath('/api/imports/preview', upload), upload.file, {
    signal,
  });
}

/** A preview's key, under the imports' own. */
export const previewKey = [...queryKeys.imports, 'preview'] as const;
const importKey = (id: string) => [...queryKeys.imports, 'job', id] as const;
const latestKey = [...queryKeys.imports, 'latest'] as const;

/** Starts the import; `onStarted` makes the screen follow it by its id. */
export function useStartImport(onStarted: (id: string) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: ImportUpload) =>
      api.post<ImportJob>(uploadPath('/api/imports', upload), upload.file),
    onSuccess: async (job) => {
      onStarted(job.id);
      // The preview was of what is now being imported.
      queryClient.removeQueries({ queryKey: previewKey });
      queryClient.setQueryData(importKey(job.id), job);
      queryClient.setQueryData<LatestImport>(latestKey, { job });
      await markStale(queryClient, 'imports.changed');
    },
  });
}

/** The learner's latest import: after a reload, the screen finds a running one again. */
export const latestImportQueryOptions = () =>
  queryOptions({
    queryKey: latestKey,
    queryFn: ({ signal }) => api.get<LatestImport>('/api/imports/latest', { signal }),
    staleTime: 0,
  });

export function useLatestImport() {
  return useQuery(latestImportQueryOptions());
}

/**
 * An import's progress, asked again on each live update about it; while it runs, also every
 * few seconds, for a live-updates stream that is down.
 */
export function useImportJob(id: string | undefined) {
  return useQuery({
    queryKey: importKey(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ImportJob>(`/api/imports/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 3000 : false),
  });
}
