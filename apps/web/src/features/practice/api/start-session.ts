import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedState, PracticeSession, SessionMode, StartSessionInput } from '@verba/shared';
import { api } from '@/lib/api-client';
import { newWordId } from '@/lib/new-id';
import { markStale } from '@/lib/query-invalidation';
import { queryKeys } from '@/lib/query-keys';

interface TemporalNow {
  Temporal?: { Now?: { timeZoneId?: () => string } };
}

/**
 * The learner's time zone: their day ends at their own midnight (streaks, session expiry).
 *
 * Temporal answers from the zone the engine already knows. The first Intl.DateTimeFormat of a page
 * loads the locale's date patterns (about 100 ms on a slow phone, in the task that starts the
 * feed's session), so it is only the fallback for browsers without Temporal.
 */
export function browserTimeZone(): string {
  try {
    const fromTemporal = (globalThis as TemporalNow).Temporal?.Now?.timeZoneId?.();
    if (fromTemporal) return fromTemporal;
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Starts a session. A daily start resumes the open session if there is one; nothing due (daily)
 * or no words at all (infinity) is a 409. The id is made here, so a retried start is one session.
 */
export function startSession(input: StartSessionInput): Promise<PracticeSession> {
  return api.post<PracticeSession>('/api/practice/sessions', input);
}

export interface StartSessionVariables {
  mode: SessionMode;
  groupId?: string | null;
  /** The same id on a retry of the same start. */
  id?: string;
}

export function useStartSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mode, groupId = null, id = newWordId() }: StartSessionVariables) =>
      startSession({ id, mode, groupId, timeZone: browserTimeZone() }),
    onSuccess: (session) => {
      queryClient.setQueryData(queryKeys.practiceSession(session.id), session);
      if (session.mode === 'daily') {
        const feed: FeedState = { kind: 'session', session };
        queryClient.setQueryData(queryKeys.practiceFeed, feed);
      }
      return markStale(queryClient, 'session.started');
    },
  });
}
