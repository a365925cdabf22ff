import { AI_TEXT } from '@verba/shared';
import { APICallError, RetryError } from 'ai';
import { ApiError } from '../lib/errors.ts';

/**
 * Why an AI call failed, in the spec's terms (§8): the provider's 429 and 402, a call over its
 * time cap, an answer that failed its checks twice, anything else, or no provider at all.
 */
export type AiErrorKind =
  | 'not_configured'
  | 'rate_limited'
  | 'usage_limit'
  | 'timeout'
  | 'invalid_output'
  | 'provider_error';

const CODE = {
  not_configured: 'AI_NOT_CONFIGURED',
  rate_limited: 'AI_RATE_LIMITED',
  usage_limit: 'AI_USAGE_LIMIT',
  timeout: 'AI_TIMEOUT',
  invalid_output: 'AI_FAILED',
  provider_error: 'AI_FAILED',
} as const satisfies Record<AiErrorKind, string>;

/** The one error the AI module throws. Its message is safe to show; the cause is for the log. */
export class AiError extends Error {
  readonly kind: AiErrorKind;
  /** For invalid_output: what the last answer got wrong. */
  readonly issues: string[];
  /** For rate_limited: the provider's Retry-After, when it sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    kind: AiErrorKind,
    message: string,
    options: { cause?: unknown; issues?: string[]; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AiError';
    this.kind = kind;
    this.issues = options.issues ?? [];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get code(): (typeof CODE)[AiErrorKind] {
    return CODE[this.kind];
  }

  /** The API error a route answers with (status from ERROR_STATUS: 503, 429, 402, 504, 502). */
  toApiError(): ApiError {
    return new ApiError(
      this.code,
      this.message,
      this.retryAfterSeconds !== undefined ? { retryAfterSeconds: this.retryAfterSeconds } : {},
    );
  }
}

export function notConfiguredError(): AiError {
  return new AiError('not_configured', AI_TEXT.notConfigured);
}

/** The provider's own failure inside the SDK's wrappers (RetryError keeps the attempts' errors). */
function providerCallError(error: unknown): APICallError | undefined {
  if (APICallError.isInstance(error)) return error;
  if (RetryError.isInstance(error)) {
    // Any 429 among the attempts decides: the provider is rate limiting us.
    const calls = error.errors.filter((e): e is APICallError => APICallError.isInstance(e));
    return calls.find((e) => e.statusCode === 429) ?? calls.at(-1);
  }
  if (error instanceof Error && error.cause !== undefined) return providerCallError(error.cause);
  return undefined;
}

function retryAfter(error: APICallError): number | undefined {
  const seconds = Number(error.responseHeaders?.['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600
    ? Math.ceil(seconds)
    : undefined;
}

/**
 * Maps whatever a provider call threw to an AiError. `timedOut` says whether the call's own time
 * cap fired (the SDK reports that as a plain abort); `failedMessage` is the feature's own
 * "everything else" text, e.g. 'Failed to generate word data'.
 */
export function toAiError(
  error: unknown,
  { timedOut = false, failedMessage }: { timedOut?: boolean; failedMessage: string },
): AiError {
  if (error instanceof AiError) return error;
  if (timedOut) return new AiError('timeout', AI_TEXT.timeout, { cause: error });
  const call = providerCallError(error);
  if (call?.statusCode === 429) {
    const seconds = retryAfter(call);
    return new AiError('rate_limited', AI_TEXT.rateLimited, {
      cause: error,
      ...(seconds !== undefined ? { retryAfterSeconds: seconds } : {}),
    });
  }
  if (call?.statusCode === 402)
    return new AiError('usage_limit', AI_TEXT.usageLimit, { cause: error });
  return new AiError('provider_error', failedMessage, { cause: error });
}
