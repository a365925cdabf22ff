import { describe, expect, it } from 'vitest';
import { firstIssueMessage, loginSchema, signupSchema } from './auth.schema.ts';
import { VALIDATION } from './messages.ts';

const firstMessage = (schema: typeof loginSchema | typeof signupSchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return firstIssueMessage(result.error);
};

describe('login schema', () => {
  it('trims the email and accepts a 6-character password', () => {
    expect(loginSchema.parse({ email: '  ana@example.com ', password: '123456' })).toEqual({
      email: 'ana@example.com',
      password: '123456',
    });
  });

  it.each([
    [{ email: '', password: '123456' }, VALIDATION.invalidEmail],
    [{ email: 'ana@', password: '123456' }, VALIDATION.invalidEmail],
    [{ email: 'ana@example.com', password: '12345' }, VALIDATION.passwordTooShort],
    [{ email: 'ana@example.com' }, VALIDATION.passwordTooShort],
    [{ password: '123456' }, VALIDATION.invalidEmail],
  ])('gives %j the message the spec names', (input, message) => {
    expect(firstMessage(loginSchema, input)).toBe(message);
  });

  it('does not cap the password length (only sign-up does)', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(100) }).success).toBe(
      true,
    );
  });
});

describe('signup schema', () => {
  it('accepts the bounds: 255-character email, 6 and 72-character passwords', () => {
    const email = `${'a'.repeat(243)}@example.com`;
    expect(email).toHaveLength(255);
    expect(signupSchema.safeParse({ email, password: 'x'.repeat(72) }).success).toBe(true);
    expect(signupSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(6) }).success).toBe(true);
  });

  it.each([
    [{ email: `${'a'.repeat(244)}@example.com`, password: '123456' }, VALIDATION.emailTooLong],
    [{ email: 'a@b.co', password: 'x'.repeat(73) }, VALIDATION.passwordTooLong],
    [{ email: 'a@b.co', password: 'x'.repeat(5) }, VALIDATION.passwordTooShort],
    [{ email: 'not an email', password: 'x'.repeat(80) }, VALIDATION.invalidEmail],
  ])('gives %j the message the spec names', (input, message) => {
    expect(firstMessage(signupSchema, input)).toBe(message);
  });
});
