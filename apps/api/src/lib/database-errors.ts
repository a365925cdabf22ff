/** The PostgreSQL error codes the API answers in its own way (PostgreSQL's "Error Codes" appendix). */
export const PG_ERROR = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/**
 * Whether a database error (as either driver raises it, or wrapped by Drizzle as its `cause`) has
 * this code and, when one is named, this constraint.
 */
export function isDatabaseError(
  error: unknown,
  code: (typeof PG_ERROR)[keyof typeof PG_ERROR],
  constraint?: string,
): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: string; constraint?: string };
    if (found.code === code && (constraint === undefined || found.constraint === constraint)) {
      return true;
    }
  }
  return false;
}

/**
 * SQLSTATEs that mean the database cannot be reached or is going away, not that the statement
 * was wrong: connection exceptions (class 08), an administrator's or a crash's shutdown, a server
 * starting up, too many connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection that went away or never came. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/**
 * What node-postgres says of a connection that ended or could not be made in time, or of a pool
 * already ended, and what PGlite says once it is closing: a request still running when a stopping
 * process closes its database at the deadline.
 */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end on the pool|PGlite is clos(ing|ed))/;

/**
 * Whether an error (or its `cause`) says the database is out of reach for now (restarting, its
 * connection cut): the request changed nothing that was acknowledged, and a retry in a moment
 * may succeed, so the answer is a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; message?: unknown };
    const code = typeof found.code === 'string' ? found.code : '';
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))
      return true;
    if (typeof found.message === 'string' && UNAVAILABLE_MESSAGES.test(found.message)) return true;
    if (e === (e as { cause?: unknown }).cause) break;
  }
  return false;
}
