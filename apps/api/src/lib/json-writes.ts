import { MAX_JSON_BODY_BYTES } from '@verba/shared';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
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
  const declaredLength = c.req.header('transfer-encoding')
    ? undefined
    : c.req.header('content-length');
  // A DELETE may come without a body; everything else that writes sends JSON.
  if (c.req.method === 'DELETE' && sentNoBody(c, declaredLength)) return next();
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json');
  }
  const parseThenNext = async () => {
    try {
      await c.req.json();
    } catch {
      throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
    }
    await next();
  };
  // A body of declared length (Node's parser holds it to that length) is read straight from the
  // socket. Asking for the request's body stream instead would build a full web Request, whose
  // abort signal lives until a full garbage collection: under load that cost the server a
  // collection's pause every few seconds (docs/performance.md). Any other body is counted as it
  // streams in.
  if (declaredLength !== undefined) {
    if (Number(declaredLength) > MAX_JSON_BODY_BYTES) tooLarge();
    return parseThenNext();
  }
  return limitBody(c, parseThenNext);
});

/**
 * Whether a request came without a body. Over a socket, HTTP says so: a body is announced by its
 * length or by chunked encoding, and a request with neither has none (the Node adapter still
 * hands every such request an empty body stream, so the stream proves nothing). A request made
 * in process (tests) carries its body itself.
 */
function sentNoBody(c: Context<AppEnv>, declaredLength: string | undefined): boolean {
  if (declaredLength !== undefined) return Number(declaredLength) === 0;
  if (c.req.header('transfer-encoding')) return false;
  return fromSocket(c) || !c.req.raw.body;
}

/** The Node server passes the socket's request as `incoming`; in-process requests have none. */
function fromSocket(c: Context<AppEnv>): boolean {
  return typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
}

function tooLarge(): never {
  throw new ApiError(
    'PAYLOAD_TOO_LARGE',
    `The request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`,
  );
}

const limitBody = bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: tooLarge });
