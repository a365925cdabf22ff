import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/core/api-error';
import { describeGenerationFailure, slowDownDescription } from './generation-errors';

const apiError = (status: number, code: string, extra: Record<string, unknown> = {}) =>
  new ApiError({ status, code, message: `server says ${code}`, ...extra });

describe('describeGenerationFailure', () => {
  it("the learner's quota: 'Slow down!' with the wait", () => {
    expect(
      describeGenerationFailure(apiError(429, 'TOO_MANY_REQUESTS', { retryAfterSeconds: 42 })),
    ).toEqual({
      kind: 'slow-down',
      title: 'Slow down!',
      description: 'Please wait 42 seconds before generating more words.',
    });
    expect(slowDownDescription(61_000)).toBe(
      'Please wait 1 minute 1 second before generating more words.',
    );
  });

  it("the provider's errors: the spec's toasts, and the card written by hand instead", () => {
    expect(describeGenerationFailure(apiError(429, 'AI_RATE_LIMITED'))).toEqual({
      kind: 'failed',
      title: 'Rate limit reached',
      description: 'Please try again in a few moments.',
    });
    expect(describeGenerationFailure(apiError(402, 'AI_USAGE_LIMIT'))).toMatchObject({
      title: 'AI usage limit reached',
    });
    expect(describeGenerationFailure(apiError(502, 'AI_FAILED'))).toEqual({
      kind: 'failed',
      title: 'Error',
      description: 'Failed to generate word data',
    });
    expect(describeGenerationFailure(new Error('boom'))).toMatchObject({
      title: 'Error',
      description: 'Failed to generate word data',
    });
    expect(describeGenerationFailure(apiError(400, 'VALIDATION_ERROR'))).toMatchObject({
      title: 'Error',
      description: 'server says VALIDATION_ERROR',
    });
  });

  it('a saved word opens its card; no provider offers the hand-written card', () => {
    expect(describeGenerationFailure(apiError(409, 'CONFLICT', { resourceId: 'abc' }))).toEqual({
      kind: 'duplicate',
      existingId: 'abc',
    });
    expect(describeGenerationFailure(apiError(503, 'AI_NOT_CONFIGURED'))).toEqual({
      kind: 'no-ai',
    });
  });
});
