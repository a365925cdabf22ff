import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Services } from '../app-env.ts';

/** Gives every request an id (echoed in X-Request-Id and in errors) and logs it when done. */
export function requestContext(services: Services) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const requestId = randomUUID();
    const logger = services.logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', logger);
    c.set('services', services);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    // The path only: query strings are never logged, so no token can end up in a log.
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
}
