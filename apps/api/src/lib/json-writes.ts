import { MAX_JSON_BODY_BYTES } from '@verba/shared';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes carry JSON and nothing else: a form post from another site cannot send it without a
 * CORS preflight, and every handler can rely on a parsed, size-capped body.
 */
export const jsonWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  // A DELETE may come without a body; everything else that writes sends JSON.
  const noBody = c.req.raw.body === null || c.req.header('content-length') === '0';
  if (c.req.method === 'DELETE' && noBody) return next();
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
  }
  return limitBody(c, async () => {
    try {
      await c.req.json();
    } catch {
      throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
    }
    await next();
  });
});

const limitBody = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`,
    );
  },
});
