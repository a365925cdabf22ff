import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects writes a browser sends from another site. A write is accepted when its Origin is the
 * configured PUBLIC_URL or the origin the request itself was addressed to; requests without an
 * Origin (curl, server-to-server) carry no ambient browser credentials worth forging.
 */
export function originCheck(publicUrl: string, trustProxy: boolean) {
  const publicOrigin = new URL(publicUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header('sec-fetch-site') === 'cross-site') throw forbidden();
    const origin = c.req.header('origin');
    if (origin === undefined) return next();
    if (origin !== publicOrigin && origin !== requestOrigin(c.req.raw, trustProxy))
      throw forbidden();
    return next();
  });
}

/** The origin the request was addressed to (the node server builds its URL from Host). */
function requestOrigin(request: Request, trustProxy: boolean): string {
  const url = new URL(request.url);
  const host = (trustProxy && request.headers.get('x-forwarded-host')) || url.host;
  const proto =
    (trustProxy && request.headers.get('x-forwarded-proto')) || url.protocol.replace(':', '');
  return `${proto}://${host}`;
}

const forbidden = () => new ApiError('FORBIDDEN', 'Cross-origin requests are not allowed');
