import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects writes a browser sends from another site. A write is accepted only when its Origin is
 * the configured PUBLIC_URL. The Host a request names is not evidence: a DNS-rebinding page
 * points its own name at this server, so its Origin and Host agree while it is a foreign page.
 * Requests without an Origin (curl, server-to-server) carry no ambient browser credentials worth
 * forging.
 */
export function originCheck(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header('sec-fetch-site') === 'cross-site') throw forbidden();
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== publicOrigin) throw forbidden();
    return next();
  });
}

const forbidden = () => new ApiError('FORBIDDEN', 'Cross-origin requests are not allowed');
