import type { Database } from '@verba/db';
import { CLIENT_ERROR_RATE_LIMIT, type ClientErrorEvent, type SessionUser } from '@verba/shared';
import type { Logger } from '../../lib/logger.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';

const REDACTED = '[redacted]';

// Things a browser's error text can carry that must never reach the log: credentials in URLs,
// bearer tokens, cookies, long opaque tokens, email addresses.
const SECRET_PATTERNS: [RegExp, string][] = [
  [
    /([?&;]|\b)(token|access_token|refresh_token|id_token|code|password|secret|key|api_key|apikey|session|auth|signature)=([^&\s"'#]+)/gi,
    `$1$2=${REDACTED}`,
  ],
  [/\b(bearer|basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\b(cookie|set-cookie|authorization)\s*[:=]\s*[^\n]+/gi, `$1: ${REDACTED}`],
  [/\/\/[^/\s:@]+:[^/\s@]+@/g, `//${REDACTED}@`],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, REDACTED],
  [/\b[A-Za-z0-9_-]{32,}(\.[A-Za-z0-9_-]{8,}){0,2}\b/g, REDACTED],
];

/** Text from a browser, with anything that looks like a secret replaced. */
export function redactSecrets(value: string): string {
  return SECRET_PATTERNS.reduce((text, [pattern, replacement]) => {
    pattern.lastIndex = 0;
    return text.replace(pattern, replacement);
  }, value);
}

/** An API path as logged: the path only, its query string (which may hold anything) dropped. */
function endpointPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return redactSecrets(value.split(/[?#]/, 1)[0] ?? '');
}

const SECRET_KEY = /pass|token|secret|cookie|auth|key|session|email/i;

/**
 * Writes a browser's error report to the server log (spec §3 "Error event payload"), after the
 * learner's per-minute budget; nothing is stored in the database.
 */
export async function recordClientError(
  db: Database,
  logger: Logger,
  user: SessionUser,
  event: ClientErrorEvent,
  now: Date,
): Promise<void> {
  await consumeRateLimit(db, `client-errors:user:${user.id}`, CLIENT_ERROR_RATE_LIMIT, now);
  const metadata = Object.fromEntries(
    Object.entries(event.metadata ?? {})
      .filter(([key]) => key !== 'endpoint' && key !== 'status_code')
      .map(([key, value]) => [
        key,
        SECRET_KEY.test(key) ? REDACTED : typeof value === 'string' ? redactSecrets(value) : value,
      ]),
  );
  const statusCode = event.metadata?.status_code;
  logger.warn(
    {
      clientError: {
        userId: user.id,
        message: redactSecrets(event.error_message),
        stack: event.error_stack ? redactSecrets(event.error_stack) : undefined,
        component: redactSecrets(event.component),
        action: redactSecrets(event.action),
        timestamp: event.timestamp,
        statusCode: typeof statusCode === 'number' ? statusCode : undefined,
        endpoint: endpointPath(event.metadata?.endpoint),
        metadata,
      },
    },
    'client error reported',
  );
}
