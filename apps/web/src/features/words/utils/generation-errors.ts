import { AI_ERROR_TOAST, TOAST, WORD_TEXT } from '@verba/shared';
import { ApiError } from '@/lib/core/api-error';
import { formatWait } from '../hooks/rate-limiter';

/**
 * What the screen does when a card could not be generated: open the saved card, write it by hand
 * (no provider; or the provider failed, saying why), or wait for the learner's own cap.
 */
export type GenerationFailure =
  | { kind: 'duplicate'; existingId: string | undefined }
  | { kind: 'no-ai' }
  | { kind: 'slow-down'; title: string; description: string }
  | { kind: 'failed'; title: string; description: string };

/** 'Please wait 42 seconds before generating more words.' */
export function slowDownDescription(waitMs: number): string {
  return WORD_TEXT.slowDownDescription.replace('{time}', formatWait(waitMs));
}

/**
 * The spec's messages (§8) for every way generation fails: the word is already saved (open its
 * card), no AI provider on this server (write the card by hand), the learner's quota ('Slow
 * down!'), the provider's own limits and failures (AI_ERROR_TOAST), anything else ('Error').
 */
export function describeGenerationFailure(error: unknown): GenerationFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', title: TOAST.error, description: WORD_TEXT.generateFailed };
  }
  if (error.code === 'CONFLICT') return { kind: 'duplicate', existingId: error.resourceId };
  if (error.code === 'AI_NOT_CONFIGURED') return { kind: 'no-ai' };
  if (error.code === 'TOO_MANY_REQUESTS') {
    return {
      kind: 'slow-down',
      title: WORD_TEXT.slowDown,
      description: slowDownDescription((error.retryAfterSeconds ?? 60) * 1000),
    };
  }
  if (error.code in AI_ERROR_TOAST) {
    const { title, description } = AI_ERROR_TOAST[error.code as keyof typeof AI_ERROR_TOAST];
    return { kind: 'failed', title, description };
  }
  return {
    kind: 'failed',
    title: TOAST.error,
    description: error.message || WORD_TEXT.generateFailed,
  };
}
