import { AI_TEXT, SUGGESTION_TEXT } from '@verba/shared';

export interface ToastText {
  title: string;
  description?: string;
}

/**
 * The spec's catalogue (§8) for suggestions: a message about a rate limit or 429 shows 'Rate
 * limit reached', one about payment or 402 'AI usage limit reached'; otherwise `fallback`.
 */
export function suggestionErrorToast(error: unknown, fallback: ToastText | null): ToastText | null {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { status?: unknown } | null)?.status;
  if (/rate limit|429|too many/i.test(message) || status === 429)
    return { title: AI_TEXT.rateLimited, description: AI_TEXT.rateLimitedDescription };
  if (/payment|402|usage limit/i.test(message) || status === 402)
    return { title: AI_TEXT.usageLimit, description: AI_TEXT.usageLimitDescription };
  return fallback;
}

export const REFRESH_FAILED: ToastText = {
  title: SUGGESTION_TEXT.refreshFailed,
  description: SUGGESTION_TEXT.refreshFailedDescription,
};
