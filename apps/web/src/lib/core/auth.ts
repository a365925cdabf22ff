import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@verba/shared';
import { api } from './api-client';
import { queryKeys } from './query-keys';
import { PERSIST_MAX_AGE } from './query-persistence';

interface SessionResponse {
  user: SessionUser;
}

/** The signed-in user, or null when there is no session. */
export async function getSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  const data = await api.get<SessionResponse | null>('/api/auth/get-session', { signal });
  if (!data || typeof data !== 'object' || !data.user) return null;
  return { id: data.user.id, email: data.user.email };
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => getSessionUser(signal),
    // Who is signed in can change in another tab; re-check whenever a gate mounts.
    staleTime: 0,
    // Kept as long as the offline copy may be used.
    gcTime: PERSIST_MAX_AGE,
  });

export function useSessionUser() {
  return useQuery(sessionQueryOptions());
}

let signedOutHere = false;

/**
 * Records whether the learner signed out in this tab. The gate then sends them to a plain sign-in
 * page: the page they were on is kept only for visitors who arrive signed out (a deep link).
 */
export function noteSignedOutHere(value: boolean): void {
  signedOutHere = value;
}

export function wasSignedOutHere(): boolean {
  return signedOutHere;
}
