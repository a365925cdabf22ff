import type { LiveUpdate } from '@/lib/live-update-events';

/** First wait before reconnecting; doubles up to the maximum, and resets once connected. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

/** Before reconnecting to a server that said it is restarting: its hint, plus up to this. */
export const RESTART_JITTER_MS = 1_000;
const RESTART_DEFAULT_WAIT_MS = 2_000;

/** The wait a `restarting` event asks for (`{ retryMs }`), or the default. */
export function restartWait(data: string): number {
  try {
    const value = (JSON.parse(data) as { retryMs?: unknown } | null)?.retryMs;
    if (typeof value === 'number' && value >= 0 && value <= 60_000) return value;
  } catch {
    // no hint
  }
  return RESTART_DEFAULT_WAIT_MS;
}

/** What the learner's live-updates stream tells every open tab. */
export type StreamMessage =
  /** Something of the learner's changed. */
  | { type: 'change'; update: LiveUpdate }
  /** Changes may have been missed: everything shown must be asked for again. */
  | { type: 'reset' }
  /** The stream broke; the session may have ended (signed out elsewhere). */
  | { type: 'dropped' };

/** A server-sent `change` event's data as a message, or null when it is not one. */
export function parseChange(data: string): StreamMessage | null {
  try {
    const update = JSON.parse(data) as Partial<LiveUpdate> | null;
    if (typeof update?.kind !== 'string') return null;
    const id = typeof update.id === 'string' ? update.id : undefined;
    return { type: 'change', update: id ? { kind: update.kind, id } : { kind: update.kind } };
  } catch {
    return null;
  }
}

/**
 * Opens GET /api/events and reports what it hears. A dropped stream is reopened with backoff and
 * reports a reset once it is back; so does the first connection when `resumed` (another tab held
 * the stream until now, and changes may have come between). A stream the server replaced (the
 * learner has more devices open than it keeps) stays closed until the page is shown again:
 * reopening at once would push out another device's. A server that is restarting says so
 * first: the stream is reopened after the wait it asks for (spread a little, so that a
 * classroom does not come back at once), with a reset but no sign of trouble. Returns the
 * function that closes it.
 */
export function openEventStream(
  emit: (message: StreamMessage) => void,
  { resumed = false }: { resumed?: boolean } = {},
): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let missedSome = resumed;
  let stopped = false;

  const connect = () => {
    source = new EventSource('/api/events');
    source.addEventListener('ready', () => {
      if (missedSome) emit({ type: 'reset' });
      missedSome = false;
      failures = 0;
    });
    source.addEventListener('change', (event) => {
      const message = parseChange((event as MessageEvent<string>).data);
      if (message) emit(message);
    });
    source.addEventListener('reset', () => emit({ type: 'reset' }));
    source.addEventListener('restarting', (event) => {
      source?.close();
      source = undefined;
      missedSome = true;
      const wait = restartWait((event as MessageEvent<string>).data);
      timer = setTimeout(connect, wait + Math.random() * RESTART_JITTER_MS);
    });
    source.addEventListener('replaced', () => {
      source?.close();
      source = undefined;
      missedSome = true;
    });
    source.onerror = () => {
      source?.close();
      source = undefined;
      if (stopped) return;
      failures += 1;
      missedSome = true;
      emit({ type: 'dropped' });
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
}
