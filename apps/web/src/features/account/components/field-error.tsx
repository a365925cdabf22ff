import type { ReactNode } from 'react';
import { ApiError, errorReasons } from '@/lib/core/api-error';

/** A failed request's message for a form, with the server's reasons when it gave any. */
export function failureText(error: Error): string {
  if (error instanceof ApiError) {
    const reasons = errorReasons(error);
    return reasons.length > 0 ? `${error.message} ${reasons.join(' ')}` : error.message;
  }
  return error.message;
}

/** A form's error, announced as it appears. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {children}
    </p>
  );
}
