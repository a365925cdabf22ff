import { createMiddleware } from 'hono/factory';
import { ApiError, errorResponse } from './errors.ts';

/**
 * How long a client is asked to wait before trying again while this process stops: long enough
 * for a restart on the same data, and a load balancer sends the retry to another process anyway.
 */
export const RESTART_RETRY_SECONDS = 2;

export const RESTARTING_MESSAGE = 'The server is restarting. Please try again in a moment.';

/**
 * The process's stopping state (SIGTERM, SIGINT). Once it begins, requests that still arrive on
 * open connections are answered 503 with `Retry-After`, the health check fails so load balancers
 * move on, and whatever holds a connection open for long (live-update streams) lets go.
 */
export interface Draining {
  readonly active: boolean;
  /** Starts draining; the listeners run once, the first time. */
  begin: () => void;
  /**
   * Runs `listener` when draining begins, or at once when it has begun. Returns the function that
   * removes it.
   */
  onBegin: (listener: () => void) => () => void;
  /** Counts a request as in flight until `leave` (the gate below calls both). */
  enter: () => void;
  leave: () => void;
  /**
   * Resolves once no request is in flight: the database must outlive every request that got
   * past the gate, even one whose connection has already gone (a client that gave up, or one cut
   * at the shutdown's deadline), since its handler still runs.
   */
  settled: () => Promise<void>;
}

export function createDraining(): Draining {
  const listeners = new Set<() => void>();
  const waiting = new Set<() => void>();
  let active = false;
  let inFlight = 0;
  return {
    get active() {
      return active;
    },
    begin: () => {
      if (active) return;
      active = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
    onBegin: (listener) => {
      if (active) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    enter: () => {
      inFlight++;
    },
    leave: () => {
      inFlight--;
      if (inFlight > 0 || waiting.size === 0) return;
      for (const done of [...waiting]) done();
      waiting.clear();
    },
    settled: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((done) => waiting.add(done)),
  };
}

/**
 * The first gate of every request: while the process drains, a new request is refused with a
 * 503 and `Retry-After` (changing nothing), and every answer closes its connection, so that
 * clients reconnect to a process that is staying. Requests already past this gate finish, and
 * are counted until they do (`settled`).
 */
export const refuseWhileDraining = (draining: Draining) =>
  createMiddleware(async (c, next) => {
    if (draining.active) {
      c.header('Connection', 'close');
      return errorResponse(
        c,
        new ApiError('SERVICE_UNAVAILABLE', RESTARTING_MESSAGE, {
          retryAfterSeconds: RESTART_RETRY_SECONDS,
        }),
      );
    }
    draining.enter();
    try {
      await next();
    } finally {
      draining.leave();
    }
    if (draining.active) c.res.headers.set('Connection', 'close');
  });
