/** Every API error code and the HTTP status it maps to: the one place this mapping lives. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  /** REQUIRE_EMAIL_VERIFICATION: signed in, but the address is not confirmed yet. */
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // The AI provider (design.md "AI"): its own codes, so the client shows the spec's toasts.
  AI_NOT_CONFIGURED: 503,
  AI_RATE_LIMITED: 429,
  AI_USAGE_LIMIT: 402,
  AI_FAILED: 502,
  AI_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
