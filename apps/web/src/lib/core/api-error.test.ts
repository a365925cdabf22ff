import { describe, expect, it } from 'vitest';
import { ApiError, errorReasons, toApiError } from './api-error';
import { shouldRetry } from './query-client';

describe('toApiError', () => {
  it('reads the error envelope', () => {
    const error = toApiError(
      400,
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Email too long',
          requestId: 'r1',
          issues: [{ path: 'email', message: 'Email too long' }],
        },
      },
      'fallback',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Email too long',
      requestId: 'r1',
      issues: [{ path: 'email', message: 'Email too long' }],
    });
  });

  it('keeps the retry delay of a rate-limited request', () => {
    const error = toApiError(
      429,
      {
        error: {
          code: 'TOO_MANY_REQUESTS',
          message: 'Too many attempts.',
          requestId: 'r2',
          retryAfterSeconds: 30,
        },
      },
      'fallback',
    );
    expect(error.retryAfterSeconds).toBe(30);
  });

  it('falls back to a generic error for bodies that are not an envelope', () => {
    expect(toApiError(502, null, 'Request failed (502)')).toMatchObject({
      status: 502,
      code: 'INTERNAL_ERROR',
      message: 'Request failed (502)',
      issues: [],
    });
    expect(toApiError(404, '<html>', 'Request failed (404)')).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('drops malformed issues', () => {
    const error = toApiError(
      400,
      {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'm',
          requestId: 'r',
          issues: [{ path: 1 }, 'x', { path: 'a', message: 'b' }],
        },
      },
      'fallback',
    );
    expect(error.issues).toEqual([{ path: 'a', message: 'b' }]);
  });
});

describe('errorReasons', () => {
  const error = (message: string, issues: string[]) =>
    new ApiError({
      status: 400,
      code: 'VALIDATION_ERROR',
      message,
      issues: issues.map((m) => ({ path: 'password', message: m })),
    });

  it('lists the reasons a weak password was refused', () => {
    expect(errorReasons(error('Password is too weak', ['Too common', 'Add another word']))).toEqual(
      ['Too common', 'Add another word'],
    );
  });

  it('leaves out reasons the message already states, and repeats', () => {
    expect(
      errorReasons(error('Password is too weak. Too common.', ['Too common', 'Short', 'Short'])),
    ).toEqual(['Short']);
  });
});

describe('shouldRetry', () => {
  const status = (s: number) => new ApiError({ status: s, code: 'X', message: 'x' });

  it('never retries 4xx answers', () => {
    for (const s of [400, 401, 404, 409, 429]) expect(shouldRetry(0, status(s))).toBe(false);
  });

  it('retries server and network failures once', () => {
    for (const s of [0, 500, 502, 503, 504]) {
      expect(shouldRetry(0, status(s))).toBe(true);
      expect(shouldRetry(1, status(s))).toBe(false);
    }
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true);
  });
});
