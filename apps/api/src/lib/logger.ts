import pino from 'pino';

export type Logger = pino.Logger;

// What database drivers attach to an error that can hold the values a query carried: drizzle's
// `params`, PostgreSQL's `detail` ("Key (email)=(…) already exists") and `where`, PGlite's `params`.
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery']);

/**
 * A copy of an error, and of its causes, without the values of the query that failed: drizzle
 * writes them into its message ("Failed query: … params: …") and stack as well as into `params`.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & {
    cause?: unknown;
  };
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause')
      (copy as unknown as Record<string, unknown>)[key] = value;
  }
  const query = (error as { query?: unknown }).query;
  const message =
    typeof query === 'string' && error.message.startsWith('Failed query:')
      ? `Failed query: ${query}`
      : error.message;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  // The stack opens with the original message; keep only the frames that follow it.
  const header = `${error.name}: ${error.message}`;
  const stack = error.stack ?? '';
  const frames = stack.startsWith(header)
    ? stack.slice(header.length)
    : `\n${stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')}`;
  Object.defineProperty(copy, 'stack', {
    value: `${error.name}: ${message}${frames}`,
    enumerable: false,
    writable: true,
  });
  if (error.cause !== undefined) copy.cause = withoutQueryValues(error.cause, depth + 1);
  return copy;
}

/** Errors as pino writes them, minus query values, plus the driver's code of a database cause. */
function serializeError(error: unknown): unknown {
  const clean = withoutQueryValues(error);
  if (!(clean instanceof Error)) return clean;
  const serialized = pino.stdSerializers.err(clean) as unknown as Record<string, unknown>;
  const cause = clean.cause as { code?: unknown } | undefined;
  if (serialized.code === undefined && typeof cause?.code === 'string')
    serialized.causeCode = cause.code;
  return serialized;
}

/** JSON logs. Anything that could carry a secret is redacted, wherever it appears. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: serializeError },
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'secret',
          '*.secret',
          'headers.cookie',
          'headers.authorization',
          '*.headers.cookie',
          '*.headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
