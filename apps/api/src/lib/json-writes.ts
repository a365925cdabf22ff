import { MAX_JSON_BODY_BYTES, SYNC_LIMITS } from '@verba/shared';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from './errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Uploads (imports): their body is a file, sent as `application/octet-stream` (a type that needs
 * a CORS preflight too); their routes check the type and cap the size, after the sign-in check.
 */
const UPLOAD_PATHS = new Set(['/api/imports', '/api/imports/preview']);

/**
 * Writes carry JSON and nothing else (but uploads): a form post from another site cannot send it without a
 * CORS preflight, and every handler can rely on a parsed, size-capped body.
 */
export const jsonWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (!WRITE_METHODS.has(c.req.method)) return next();
  if (c.req.method === 'POST' && UPLOAD_PATHS.has(c.req.path)) return next();
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
  const sync = c.req.path === SYNC_PATH;
  const maxBytes = sync ? SYNC_LIMITS.maxBodyBytes : MAX_JSON_BODY_BYTES;
  if (declaredLength !== undefined) {
    if (Number(declaredLength) > maxBytes) tooLarge(maxBytes);
    return parseThenNext();
  }
  return (sync ? limitSyncBody : limitBody)(c, parseThenNext);
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

/** The practice outbox's batch: up to 500 answers with their sessions' starts. */
const SYNC_PATH = '/api/practice/sync';

function tooLarge(maxBytes: number): never {
  throw new ApiError('PAYLOAD_TOO_LARGE', `The request body is larger than ${maxBytes / 1024} KB`);
}

const limitBody = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => tooLarge(MAX_JSON_BODY_BYTES),
});
const limitSyncBody = bodyLimit({
  maxSize: SYNC_LIMITS.maxBodyBytes,
  onError: () => tooLarge(SYNC_LIMITS.maxBodyBytes),
});
