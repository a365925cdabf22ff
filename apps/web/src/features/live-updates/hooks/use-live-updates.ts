import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { dispatchLiveUpdate, type LiveUpdate } from '@/lib/live-update-events';
import { queryKeys } from '@/lib/query-keys';

/** First wait before reconnecting; doubles up to the maximum, and resets once connected. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** Which cached queries a change makes stale. */
export function keysFor(kind: string): (readonly string[])[] | 'all' {
  switch (kind) {
    case 'words.changed':
      // The word, its lists, the profile's counts and the groups' counts.
      return [queryKeys.words, queryKeys.profile, queryKeys.groups, queryKeys.suggestions];
    case 'groups.changed':
    case 'groups.failed':
      return [queryKeys.groups];
    case 'suggestions.changed':
      return [queryKeys.suggestions];
    case 'profile.changed':
      return [queryKeys.profile];
    default:
      return 'all';
  }
}

function refresh(queryClient: QueryClient, kind: string) {
  const keys = keysFor(kind);
  if (keys === 'all') {
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
    });
    return;
  }
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The signed-in learner's live updates (GET /api/events): each change refreshes the matching
 * cached queries and is announced on `window` for screens that react to it (the groups toasts).
 * A dropped stream is reopened with backoff, and everything is refreshed then (changes may have
 * been missed); when the session has ended the route gates take the learner to sign in. A stream
 * the server replaced (too many devices) stays closed until the page is shown again.
 */
export function useLiveUpdates(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const connect = () => {
      source = new EventSource('/api/events');
      source.addEventListener('ready', () => {
        if (failures > 0) refresh(queryClient, 'reset');
        failures = 0;
      });
      source.addEventListener('change', (event) => {
        let update: LiveUpdate;
        try {
          update = JSON.parse((event as MessageEvent<string>).data) as LiveUpdate;
        } catch {
          return;
        }
        if (typeof update.kind !== 'string') return;
        refresh(queryClient, update.kind);
        dispatchLiveUpdate(update);
      });
      source.addEventListener('reset', () => refresh(queryClient, 'reset'));
      // The learner opened live updates on more devices than the server keeps, and this was the
      // oldest: reopening now would push out another. It reopens when the page is shown again.
      source.addEventListener('replaced', () => {
        source?.close();
        source = undefined;
        failures = 1;
      });
      source.onerror = () => {
        source?.close();
        source = undefined;
        if (stopped) return;
        failures += 1;
        // The session may have ended (signed out elsewhere): ask, so the gates can act.
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        timer = setTimeout(connect, reconnectDelay(failures));
      };
    };
    const reopenWhenShown = () => {
      if (document.visibilityState !== 'visible' || source || stopped) return;
      clearTimeout(timer);
      connect();
    };
    connect();
    document.addEventListener('visibilitychange', reopenWhenShown);
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      document.removeEventListener('visibilitychange', reopenWhenShown);
    };
  }, [enabled, queryClient]);
}
