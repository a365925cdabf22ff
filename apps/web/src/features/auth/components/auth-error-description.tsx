import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorReasons } from '@/lib/core/api-error';

const SIGN_IN_INSTEAD = 'Sign in instead.';

interface DescriptionOptions {
  /** The email typed, carried to the sign-in page when the account already exists. */
  email?: string;
  /** Reasons already shown under a form field, which the toast does not repeat. */
  shownElsewhere?: readonly string[];
}

/** The sign-in page with the email filled in. */
export function signInWithEmailPath(email: string | undefined): string {
  return email ? `${paths.auth.login}?email=${encodeURIComponent(email)}` : paths.auth.login;
}

/**
 * The toast body for a failed sign-in or sign-up: the server's message, and its reasons when it
 * gives some (a weak password comes with what makes it weak) unless a form field shows them. An
 * email that already has an account comes with a link to sign in with it.
 */
export function authErrorDescription(error: unknown, options: DescriptionOptions = {}): ReactNode {
  if (!(error instanceof ApiError)) {
    return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  }
  const shown = options.shownElsewhere ?? [];
  const message =
    shown.reduce((text, reason) => text.replace(reason, ''), error.message).trim() || error.message;
  if (error.status === 409 && message.endsWith(SIGN_IN_INSTEAD)) {
    return (
      <p>
        {message.slice(0, -SIGN_IN_INSTEAD.length)}
        <Link
          to={signInWithEmailPath(options.email)}
          className="font-medium underline underline-offset-4"
        >
          {SIGN_IN_INSTEAD}
        </Link>
      </p>
    );
  }
  const reasons = errorReasons(error).filter((reason) => !shown.includes(reason));
  const retry =
    error.retryAfterSeconds !== undefined && !/\d/.test(message)
      ? ` Try again in ${error.retryAfterSeconds} seconds.`
      : '';
  if (reasons.length === 0) return `${message}${retry}`;
  return (
    <div>
      <p>{message}</p>
      <ul className="mt-1 list-disc pl-4">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}
