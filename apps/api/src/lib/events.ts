import { EventEmitter } from 'node:events';
import { listen, notify, type DatabaseHandle } from '@verba/db';
import type { Logger } from './logger.ts';

/**
 * Small notifications between server processes: whose data changed, what kind of thing and which
 * one. They carry ids, never data: a listener reads what it needs, scoped to its own user.
 */
export interface AppEvent {
  userId: string;
  kind: EventKind;
  /** The id of the thing that changed; for `session.revoked`, the SHA-256 of the session token. */
  id?: string;
}

export const EVENT_KINDS = [
  /** A session row went (sign-out, password change, account deletion, clean-up); migration 0001. */
  'session.revoked',
  /** A word was saved, changed or deleted; `id` is the word's. */
  'words.changed',
  /** The learner's groups were written by a grouping run. */
  'groups.changed',
  /** A grouping run failed; the groups stayed as they were. */
  'groups.failed',
  /** The learner's suggestions changed (added one, refreshed). */
  'suggestions.changed',
  /** The profile changed (languages, onboarding, analytics choice, stats). */
  'profile.changed',
  /** An import moved on, finished or failed; `id` is the import's. */
  'imports.changed',
  /** Imported words got the rest of their cards from the AI (or were given up on). */
  'words.completed',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export type EventListener = (event: AppEvent) => void;

export interface Events {
  publish: (event: AppEvent) => Promise<void>;
  /**
   * Hears every event, or with `userId` only that user's. Returns the function that
   * unsubscribes.
   */
  subscribe: (listener: EventListener, userId?: string) => () => void;
  /**
   * Hears this process's own events as it publishes them, before the database passes them on:
   * a cache forgets what a write changed before that write's response is sent. Returns the
   * function that unsubscribes.
   */
  onPublish: (listener: EventListener) => () => void;
  /**
   * Called when this process may have missed events (its notification connection dropped and
   * came back): whatever it keeps because of events must be thrown away.
   */
  onReset: (listener: () => void) => () => void;
  /** How many listeners hear events in this process (each open live-update stream is one). */
  listenerCount: () => number;
  close: () => Promise<void>;
}

/** The channel every process listens on; database triggers notify on it too. */
export const EVENTS_CHANNEL = 'verba_events';

/** A notification payload as an event, or null when it is not one of ours. */
export function parseEvent(payload: string): AppEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<AppEvent> | null;
    if (
      typeof value?.userId !== 'string' ||
      !(EVENT_KINDS as readonly unknown[]).includes(value.kind)
    ) {
      return null;
    }
    return {
      userId: value.userId,
      kind: value.kind as EventKind,
      ...(typeof value.id === 'string' ? { id: value.id } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The events bus of one process, on the database's own NOTIFY: on PostgreSQL every process on
 * the database hears every other through a dedicated LISTEN connection; the embedded database
 * delivers its notifications within this process. Either way the database's triggers (an ended
 * session) arrive the same way as the app's own events.
 */
export async function createEvents(handle: DatabaseHandle, logger: Logger): Promise<Events> {
  const emitter = new EventEmitter();
  // Every open live-update stream is a listener: no leak warning at 10.
  emitter.setMaxListeners(0);
  const deliver = (event: AppEvent) => {
    for (const listener of emitter.listeners('event') as EventListener[]) {
      try {
        listener(event);
      } catch (error) {
        logger.error({ err: error, kind: event.kind }, 'event listener failed');
      }
    }
  };
  const stop = await listen(handle, EVENTS_CHANNEL, {
    onPayload: (payload) => {
      const event = parseEvent(payload);
      if (event) deliver(event);
    },
    onReconnect: () => {
      logger.info('event connection restored');
      emitter.emit('reset');
    },
    onConnectionError: (error) => logger.warn({ err: error }, 'event connection lost'),
  });
  return {
    publish: (event) => {
      for (const listener of emitter.listeners('published') as EventListener[]) listener(event);
      return notify(handle, EVENTS_CHANNEL, JSON.stringify(event));
    },
    subscribe: (listener, userId) => {
      const heard: EventListener =
        userId === undefined ? listener : (event) => event.userId === userId && listener(event);
      emitter.on('event', heard);
      return () => void emitter.off('event', heard);
    },
    onPublish: (listener) => {
      emitter.on('published', listener);
      return () => void emitter.off('published', listener);
    },
    onReset: (listener) => {
      emitter.on('reset', listener);
      return () => void emitter.off('reset', listener);
    },
    listenerCount: () => emitter.listenerCount('event'),
    close: async () => {
      emitter.removeAllListeners();
      await stop();
    },
  };
}
