import { createHash } from 'node:crypto';
import type { Database } from '@verba/db';
import { CLIENT_ERROR_RATE_LIMIT, type ClientErrorEvent, type SessionUser } from '@verba/shared';
import type { Logger } from '../../lib/logger.ts';
import { consumeRateLimit, countUse, type Limit } from '../../lib/rate-limit.ts';

/**
 * Reports one address may send, whatever the accounts behind it: a classroom behind one router
 * reporting the same failure stays well inside it, a script signing up account after account
 * does not multiply the log.
 */
export const CLIENT_ERROR_ADDRESS_LIMIT: Limit = { max: 60, windowSeconds: 60 };
/** The same learner's identical reports within this time are logged once. */
export const CLIENT_ERROR_REPEAT_SECONDS = 600;
/**
 * What of a report reaches the log. The request may carry more (CLIENT_ERROR_LIMITS); the first
 * lines of a stack and of a message say what failed, so a report logs at most a few KB.
 */
export const CLIENT_ERROR_LOGGED = { message: 500, stack: 2000, metadataValue: 100 } as const;

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
 * learner's per-minute budget and the address's, once per repeat window for identical reports,
 * truncated; nothing is stored in the database but the counts.
 */
export async function recordClientError(
  db: Database,
  logger: Logger,
  reporter: { user: SessionUser; address: string },
  event: ClientErrorEvent,
  now: Date,
): Promise<void> {
  const { user, address } = reporter;
  await consumeRateLimit(db, `client-errors:user:${user.id}`, CLIENT_ERROR_RATE_LIMIT, now);
  await consumeRateLimit(db, `client-errors:ip:${address}`, CLIENT_ERROR_ADDRESS_LIMIT, now);
  const report = clientErrorLogEntry(user, event);
  const { count } = await countUse(
    db,
    `client-errors:seen:${user.id}:${fingerprint(report)}`,
    CLIENT_ERROR_REPEAT_SECONDS,
    now,
  );
  if (count > 1) return;
  logger.warn({ clientError: report }, 'client error reported');
}

/** The report as logged: secrets redacted, sizes cut to CLIENT_ERROR_LOGGED. */
function clientErrorLogEntry(user: SessionUser, event: ClientErrorEvent) {
  const metadata = Object.fromEntries(
    Object.entries(event.metadata ?? {})
      .filter(([key]) => key !== 'endpoint' && key !== 'status_code')
      .map(([key, value]) => [
        key,
        SECRET_KEY.test(key)
          ? REDACTED
          : typeof value === 'string'
            ? truncate(redactSecrets(value), CLIENT_ERROR_LOGGED.metadataValue)
            : value,
      ]),
  );
  const statusCode = event.metadata?.status_code;
  return {
    userId: user.id,
    message: truncate(redactSecrets(event.error_message), CLIENT_ERROR_LOGGED.message),
    stack: event.error_stack
      ? truncate(redactSecrets(event.error_stack), CLIENT_ERROR_LOGGED.stack)
      : undefined,
    component: redactSecrets(event.component),
    action: redactSecrets(event.action),
    timestamp: event.timestamp,
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    endpoint: endpointPath(event.metadata?.endpoint),
    metadata,
  };
}

/** What makes two reports the same failure: everything but the time they were sent. */
function fingerprint(report: ReturnType<typeof clientErrorLogEntry>): string {
  const { timestamp: _sentAt, ...failure } = report;
  return createHash('sha256').update(JSON.stringify(failure)).digest('base64url').slice(0, 22);
}

/** Text cut to `max` characters, marked as cut. Redaction runs first, so no secret is halved. */
function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more]`;
}
