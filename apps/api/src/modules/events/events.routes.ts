import { streamSSE } from 'hono/streaming';
import type { AppEvent, EventKind } from '../../lib/events.ts';
import { z } from '@hono/zod-openapi';
import { clientIp } from '../../lib/client-ip.ts';
import { RESTART_RETRY_SECONDS } from '../../lib/draining.ts';
import { ApiError } from '../../lib/errors.ts';
import { authCookie, createRouter, errorResponses } from '../../lib/openapi.ts';
import { StreamLimits } from './stream-limits.ts';

/** How often an open stream re-checks its session (sign-out elsewhere closes it within this). */
export const SESSION_CHECK_MS = 5_000;
/** How often an idle stream sends a comment line, so proxies keep it open. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting by itself (EventSource's `retry`). */
export const CLIENT_RETRY_MS = 3_000;
/** How long a browser waits before reconnecting when this process is stopping. */
export const RESTART_RETRY_MS = RESTART_RETRY_SECONDS * 1000;

/** The kinds a learner's browser hears; the rest are the server's own business. */
const FORWARDED: ReadonlySet<EventKind> = new Set<EventKind>([
  'words.changed',
  'groups.changed',
  'groups.failed',
  'suggestions.changed',
  'profile.changed',
  'imports.changed',
  'words.completed',
]);

/** What a browser receives for an event: a kind and an id, nothing of the data itself. */
export function toClientEvent(event: AppEvent): { kind: EventKind; id?: string } | null {
  if (!FORWARDED.has(event.kind)) return null;
  return { kind: event.kind, ...(event.id ? { id: event.id } : {}) };
}

/**
 * GET /api/events: the signed-in learner's live updates as server-sent events. Each `change`
 * event names a kind and an id; the browser refreshes what it shows of that kind. The bus
 * (services.events) brings changes made through any server process on the same database. The
 * stream closes when the session ends (sign-out anywhere, expiry), and with a `replaced` event
 * when the learner opens more streams than STREAMS_PER_LEARNER (the oldest goes; the browser
 * should not reopen it by itself), and with a `restarting` event (and its `retry`) when the
 * process stops: the browser reconnects after that wait, to this process restarted or another,
 * without showing an error. An address holding STREAMS_PER_ADDRESS is refused with 429.
 * Each app (server process) counts its own streams.
 */
export function createEventRoutes(limits = new StreamLimits()) {
  const routes = createRouter();

  routes.openAPIRegistry.registerPath({
    method: 'get',
    path: '/events',
    tags: ['events'],
    summary:
      "The learner's live updates as server-sent events: `ready`, then `change` events of {kind, id}; `replaced` before the server closes the learner's oldest stream; `restarting` (with `retry`) before a stopping server closes it",
    security: authCookie,
    responses: {
      200: {
        description: 'An event stream',
        content: { 'text/event-stream': { schema: z.string() } },
      },
      ...errorResponses(401, 429),
    },
  });

  routes.get('/events', (c) => {
    const { events, sessions, logger, env, draining } = c.get('services');
    const user = c.get('user');
    const headers = new Headers({ cookie: c.req.header('cookie') ?? '' });

    // Until the stream has started, being replaced only marks it; it then ends at once.
    let replace: () => void = () => {
      replacedBeforeStart = true;
    };
    let replacedBeforeStart = false;
    const slot = limits.open(user.id, clientIp(c, env.TRUST_PROXY), () => replace());
    if (!slot) {
      throw new ApiError(
        'TOO_MANY_REQUESTS',
        'Too many live-update streams are open from this address. Close some tabs or devices.',
      );
    }
    c.header('X-Accel-Buffering', 'no');

    return streamSSE(c, async (stream) => {
      let finish: () => void = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      stream.onAbort(() => finish());
      const send = (event: string, data: unknown) => {
        if (stream.aborted || stream.closed) return;
        stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => finish());
      };
      // The learner opened a newer stream beyond their share: say so, then end this one.
      replace = () => {
        if (stream.aborted || stream.closed) return finish();
        void stream
          .writeSSE({ event: 'replaced', data: '{}' })
          .catch(() => {})
          .finally(() => finish());
      };
      // The process is stopping: tell the browser when to come back, then let go.
      const stopDraining = draining.onBegin(() => {
        if (stream.aborted || stream.closed) return finish();
        void stream
          .writeSSE({
            event: 'restarting',
            data: JSON.stringify({ retryMs: RESTART_RETRY_MS }),
            retry: RESTART_RETRY_MS,
          })
          .catch(() => {})
          .finally(() => finish());
      });
      let checking = false;
      const checkSession = async () => {
        if (checking) return;
        checking = true;
        try {
          const { session } = await sessions.check(headers);
          if (!session || session.user.id !== user.id) finish();
        } catch (error) {
          logger.warn({ err: error }, 'live updates: session check failed');
        } finally {
          checking = false;
        }
      };

      const unsubscribe = events.subscribe((event) => {
        if (event.kind === 'session.revoked') {
          // The session cache has already forgotten the ended session: ask again.
          void checkSession();
          return;
        }
        const message = toClientEvent(event);
        if (message) send('change', message);
      }, user.id);
      // Events may have been lost: the browser refreshes everything it shows.
      const unsubscribeReset = events.onReset(() => send('reset', {}));
      const sessionTimer = setInterval(() => void checkSession(), SESSION_CHECK_MS);
      const heartbeat = setInterval(() => {
        if (!stream.aborted && !stream.closed)
          stream.write(': heartbeat\n\n').catch(() => finish());
      }, HEARTBEAT_MS);

      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: CLIENT_RETRY_MS });
        if (replacedBeforeStart) replace();
        await done;
      } finally {
        clearInterval(sessionTimer);
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeReset();
        stopDraining();
        slot.release();
      }
    });
  });

  return routes;
}
