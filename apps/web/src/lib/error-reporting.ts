import { CLIENT_ERROR_LIMITS, type ClientErrorEvent } from '@verba/shared';
import { track } from './analytics';

export interface ErrorContext {
  component: string;
  action: string;
  metadata?: Record<string, string | number | boolean | null>;
}

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

// Control characters the server refuses; a browser's message can carry them.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const clean = (value: string, max: number) => clip(value.replace(CONTROL, ' '), max);

/** The spec's error event payload (§3), within the server's size caps. */
export function buildErrorEvent(
  error: unknown,
  context: ErrorContext,
  now: Date = new Date(),
): ClientErrorEvent {
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  const stack = error instanceof Error && error.stack ? error.stack : null;
  const metadata = Object.fromEntries(
    Object.entries(context.metadata ?? {})
      .slice(0, CLIENT_ERROR_LIMITS.metadataKeys)
      .map(([key, value]) => [
        clip(key, CLIENT_ERROR_LIMITS.metadataKey),
        typeof value === 'string' ? clean(value, CLIENT_ERROR_LIMITS.metadataValue) : value,
      ]),
  );
  return {
    error_message: clean(message, CLIENT_ERROR_LIMITS.message).trim() || 'Unknown error',
    error_stack: stack ? clean(stack, CLIENT_ERROR_LIMITS.stack) : null,
    component: clean(context.component, CLIENT_ERROR_LIMITS.component).trim() || 'Unknown',
    action: clean(context.action, CLIENT_ERROR_LIMITS.action).trim() || 'unknown',
    timestamp: now.toISOString(),
    metadata,
  };
}

const REPORT_PATH = '/api/client-errors';

/**
 * Sends an error report to the server (which logs it) and to analytics when they are on. A
 * failure to report is only logged to the console (spec §8).
 */
export function reportError(error: unknown, context: ErrorContext): void {
  try {
    const event = buildErrorEvent(error, context);
    track('error_occurred', {
      error_message: event.error_message,
      error_stack: event.error_stack ?? null,
      component: event.component,
      action: event.action,
      timestamp: event.timestamp,
      ...event.metadata,
    });
    void fetch(REPORT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
      body: JSON.stringify(event),
    })
      .then((response) => {
        if (!response.ok && response.status !== 401)
          console.error(`The error report was refused (${response.status})`);
      })
      .catch((failure: unknown) => console.error('The error report could not be sent', failure));
  } catch (failure) {
    console.error('The error report could not be built', failure);
  }
}

/** An API failure (spec §8): component API, action the endpoint, with the status code. */
export function reportApiError(error: unknown, endpoint: string, status: number): void {
  if (endpoint.startsWith(REPORT_PATH)) return;
  const path = endpoint.split('?', 1)[0] ?? endpoint;
  reportError(error, {
    component: 'API',
    action: path,
    metadata: { status_code: status, endpoint: path },
  });
}
