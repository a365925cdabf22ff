import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/core/api-error';
import { REFRESH_FAILED, suggestionErrorToast } from './suggestion-errors';

const error = (status: number, message: string) => new ApiError({ status, code: 'X', message });

describe('suggestion error toasts', () => {
  it('follows the catalogue: rate limits, payment, else the fallback', () => {
    expect(suggestionErrorToast(error(429, 'Rate limit reached'), null)?.title).toBe(
      'Rate limit reached',
    );
    expect(suggestionErrorToast(error(402, 'AI usage limit reached'), null)?.title).toBe(
      'AI usage limit reached',
    );
    expect(suggestionErrorToast(new Error('Payment required'), null)?.title).toBe(
      'AI usage limit reached',
    );
    expect(suggestionErrorToast(error(502, 'Bad answer'), REFRESH_FAILED)).toEqual({
      title: 'Refresh failed',
      description: 'Please try again.',
    });
  });
});
