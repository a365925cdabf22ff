import type { ReactNode } from 'react';
import { ApiError, errorReasons } from '@/lib/api-error';

/**
 * The toast body for a failed sign-in or sign-up: the server's message, and its reasons when it
 * gives some (a weak password comes with what makes it weak).
 */
export function authErrorDescription(error: unknown): ReactNode {
  if (!(error instanceof ApiError)) {
    return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  }
  const reasons = errorReasons(error);
  const retry =
    error.retryAfterSeconds !== undefined && !/\d/.test(error.message)
      ? ` Try again in ${error.retryAfterSeconds} seconds.`
      : '';
  if (reasons.length === 0) return `${error.message}${retry}`;
  return (
    <div>
      <p>{error.message}</p>
      <ul className="mt-1 list-disc pl-4">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
