import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerConfig } from '@verba/shared';
import { api } from './core/api-client';
import { queryKeys } from './core/query-keys';
import { isConfirmedThisStart } from './core/query-persistence';

/**
 * What this server offers (an AI provider, analytics), asked once per app start, so screens say
 * what they can do before the learner tries instead of learning it from a failed call.
 */
export const serverConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.serverConfig,
    queryFn: ({ signal }) => api.get<ServerConfig>('/api/config', { signal }),
    staleTime: (query) => (isConfirmedThisStart(query.state) ? Infinity : 0),
    retry: 1,
  });

export function useServerConfig() {
  return useQuery(serverConfigQueryOptions());
}

/**
 * Whether the server has an AI provider: false only once the server said so. While the answer is
 * on its way (or offline) AI features stay offered, and a call without a provider still says why.
 */
export function useAiProvider(): boolean {
  return useServerConfig().data?.aiProvider ?? true;
}
