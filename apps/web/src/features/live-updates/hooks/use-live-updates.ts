import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/core/auth';
import { forgetEarlyResponses } from '@/lib/core/early-requests';
import { dispatchLiveUpdate } from '@/lib/live-update-events';
import { isKnownChange, markEverythingStale, markStale } from '@/lib/core/query-invalidation';
import { queryKeys } from '@/lib/core/query-keys';
import { openEventStream, type StreamMessage } from '../utils/event-stream';
import { joinSharedStream } from '../utils/shared-stream';

/**
 * What a message from the stream does in this tab: a change marks its queries stale (the table in
 * lib/core/query-invalidation.ts; a kind this version does not know refreshes everything) and is
 * announced on `window` for screens that react to it (the groups toasts).
 */
export function applyStreamMessage(queryClient: QueryClient, message: StreamMessage): void {
  // Answers index.html asked for early and no screen has read yet (it opened on the copy kept
  // on the device) would bring back what was there before the change.
  if (message.type !== 'dropped') forgetEarlyResponses();
  switch (message.type) {
    case 'change': {
      const { kind } = message.update;
      void (isKnownChange(kind) ? markStale(queryClient, kind) : markEverythingStale(queryClient));
      dispatchLiveUpdate(message.update);
      return;
    }
    case 'reset':
      void markEverythingStale(queryClient);
      // The stream is back after a break: practice kept on the device goes to the server.
      dispatchLiveUpdate({ kind: 'reset' });
      return;
    case 'dropped':
      // The session may have ended (signed out elsewhere): ask, so the route gates can act.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      return;
  }
}

/**
 * The signed-in learner's live updates (GET /api/events), one stream per browser shared by its
 * tabs (utils/shared-stream.ts). A dropped stream is reopened with backoff, and everything is
 * refreshed then (changes may have been missed); when the session has ended the route gates take
 * the learner to sign in.
 */
export function useLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  // The route gate has just asked who is signed in; reading it here asks nothing more.
  const userId = useQuery({
    ...sessionQueryOptions(),
    refetchOnMount: false,
    select: (user) => user?.id,
  }).data;
  useEffect(() => {
    if (!enabled || !userId || typeof EventSource === 'undefined') return;
    return joinSharedStream({
      name: `verba-live-updates:${userId}`,
      open: openEventStream,
      deliver: (message) => applyStreamMessage(queryClient, message),
    });
  }, [enabled, queryClient, userId]);
}
