import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, type FieldIssue } from '@verba/shared';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

/** The one error type handlers throw; the error handler turns it into the envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly resourceId: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { issues?: FieldIssue[]; retryAfterSeconds?: number; resourceId?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.issues = extra.issues;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.resourceId = extra.resourceId;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code] as ContentfulStatusCode;
  }
}

function issuesFromZod(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A 400 whose message is the first issue's, so a form can show it as it is. */
export function validationError(error: z.ZodError): ApiError {
  const issues = issuesFromZod(error);
  return new ApiError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid request', { issues });
}

export function errorResponse(c: Context, error: ApiError): Response {
  const body: ErrorEnvelope = {
    error: {
      code: error.code,
      message: error.message,
      requestId: c.get('requestId') ?? 'unknown',
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.retryAfterSeconds !== undefined
        ? { retryAfterSeconds: error.retryAfterSeconds }
        : {}),
      ...(error.resourceId ? { resourceId: error.resourceId } : {}),
    },
  };
  if (error.retryAfterSeconds !== undefined)
    c.header('Retry-After', String(error.retryAfterSeconds));
  return c.json(body, error.status);
}

/** Maps an HTTP status to our code, for errors that come from libraries (better-auth). */
export function codeForStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).find(
    ([code, s]) => s === status && code !== 'VALIDATION_ERROR' && !code.startsWith('AI_'),
  );
  return match ? match[0] : status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}
