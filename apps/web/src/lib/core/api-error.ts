import type { ErrorCode, FieldIssue } from '@verba/shared';

/** Raised for a network failure before any response arrived. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** Signed in, but the email address is not confirmed yet (REQUIRE_EMAIL_VERIFICATION). */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED' satisfies ErrorCode;

/** An API failure, carrying the server's error envelope (code, message, field issues). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly issues: FieldIssue[];
  readonly retryAfterSeconds: number | undefined;
  /** The existing thing a conflict is about, e.g. the card of a word already saved. */
  readonly resourceId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string | undefined;
    issues?: FieldIssue[] | undefined;
    retryAfterSeconds?: number | undefined;
    resourceId?: string | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.issues = init.issues ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.resourceId = init.resourceId;
  }

  /** 4xx answers are the server's final word; repeating the request cannot change them. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * The reasons behind a failure that the user should read besides the headline message, e.g. why
 * the server found a password too weak. Reasons the message already states are left out.
 */
export function errorReasons(error: ApiError): string[] {
  const seen = new Set<string>();
  const reasons: string[] = [];
  for (const issue of error.issues) {
    if (seen.has(issue.message) || error.message.includes(issue.message)) continue;
    seen.add(issue.message);
    reasons.push(issue.message);
  }
  return reasons;
}

interface EnvelopeShape {
  error?: {
    code?: unknown;
    message?: unknown;
    requestId?: unknown;
    issues?: unknown;
    retryAfterSeconds?: unknown;
    resourceId?: unknown;
  };
}

function isFieldIssue(value: unknown): value is FieldIssue {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.path === 'string' && typeof v.message === 'string';
}

/**
 * Reads the error envelope without a schema library: this runs on every page that talks to the
 * API, and a proxy in front of the server may answer with HTML or nothing at all.
 */
export function toApiError(status: number, body: unknown, fallbackMessage: string): ApiError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as EnvelopeShape;
  const e = envelope.error ?? {};
  return new ApiError({
    status,
    code: typeof e.code === 'string' ? e.code : status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST',
    message: typeof e.message === 'string' && e.message.length > 0 ? e.message : fallbackMessage,
    requestId: typeof e.requestId === 'string' ? e.requestId : undefined,
    issues: Array.isArray(e.issues) ? e.issues.filter(isFieldIssue) : [],
    retryAfterSeconds: typeof e.retryAfterSeconds === 'number' ? e.retryAfterSeconds : undefined,
    resourceId: typeof e.resourceId === 'string' ? e.resourceId : undefined,
  });
}
