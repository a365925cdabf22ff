import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/openapi.ts';

/** Counts every answer by the route pattern that answered it (the static site's `*` included). */
export const requestMetrics = createMiddleware<AppEnv>(async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const route = routePath(c) || 'unmatched';
    c.get('services').metrics.observeRequest(
      c.req.method,
      route,
      c.res.status,
      (performance.now() - started) / 1000,
    );
  }
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the request came from this machine itself, straight to the socket (no proxy between). */
export function fromLoopback(c: Context): boolean {
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded')) return false;
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

function sameToken(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus scrapes `GET /metrics`. With METRICS_TOKEN set it must present it as a bearer token;
 * without, only a scraper on this machine talking to the socket directly is answered.
 */
export const metricsRoutes = createRouter().get('/metrics', async (c) => {
  const { env, metrics } = c.get('services');
  if (env.METRICS_TOKEN) {
    const presented = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameToken(presented, env.METRICS_TOKEN)) {
      throw new ApiError('UNAUTHORIZED', 'A valid metrics token is required');
    }
  } else if (!fromLoopback(c)) {
    throw new ApiError(
      'FORBIDDEN',
      'Metrics are answered on this machine only (or set METRICS_TOKEN)',
    );
  }
  return c.body(await metrics.render(), 200, {
    'Content-Type': metrics.registry.contentType,
    'Cache-Control': 'no-store',
  });
});
