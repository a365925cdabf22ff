import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from './feedback.schema.ts';
import { feedbackProblem } from './feedback.ts';
import { VALIDATION } from './messages.ts';

const message = (input: unknown) => {
  const result = feedbackInputSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('feedback schema (spec §5 "Feedback")', () => {
  it('requires a known type', () => {
    expect(message({ message: 'Long enough text' })).toBe(VALIDATION.feedbackTypeRequired);
    expect(message({ feedbackType: '', message: 'Long enough text' })).toBe(
      VALIDATION.feedbackTypeRequired,
    );
  });

  it('trims the message and keeps it between 10 and 1000 characters', () => {
    expect(message({ feedbackType: 'bug', message: '  123456789  ' })).toBe(
      VALIDATION.feedbackTooShort,
    );
    expect(message({ feedbackType: 'bug', message: '1234567890' })).toBeNull();
    expect(message({ feedbackType: 'bug', message: 'x'.repeat(1000) })).toBeNull();
    expect(message({ feedbackType: 'bug', message: 'x'.repeat(1001) })).toBe(
      VALIDATION.feedbackTooLong,
    );
    expect(
      feedbackInputSchema.parse({ feedbackType: 'bug', message: ' 1234567890 ' }).message,
    ).toBe('1234567890');
  });

  it('takes an optional integer-like rating from 1 to 5', () => {
    const base = { feedbackType: 'general', message: 'Long enough text' };
    expect(feedbackInputSchema.parse({ ...base, rating: '5' }).rating).toBe(5);
    expect(feedbackInputSchema.parse({ ...base, rating: 1 }).rating).toBe(1);
    expect(feedbackInputSchema.parse({ ...base, rating: null }).rating).toBeNull();
    expect(feedbackInputSchema.parse(base).rating).toBeUndefined();
    for (const rating of [0, 6, 2.5, 'five', ''])
      expect(message({ ...base, rating })).not.toBeNull();
  });
});

describe('the form check and the schema agree', () => {
  it.each([
    { feedbackType: 'general', message: 'Long enough text' },
    { feedbackType: 'bug', message: '  123456789  ' },
    { feedbackType: 'bug', message: 'x'.repeat(1001) },
    { feedbackType: '', message: 'Long enough text' },
    { feedbackType: 'feature', message: 'Long enough text', rating: 6 },
    { feedbackType: 'feature', message: 'Long enough text', rating: 3 },
    { feedbackType: 'feature', message: 'Long enough text', rating: null },
  ])('%j', (input) => {
    expect(feedbackProblem(input)).toBe(message(input));
  });
});
