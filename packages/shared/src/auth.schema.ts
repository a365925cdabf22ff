import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { VALIDATION } from './messages.ts';
import { text } from './text.schema.ts';

// Messages are the spec's (§5). The email is trimmed before it is checked.
const email = text({ error: VALIDATION.invalidEmail }).email(VALIDATION.invalidEmail);
const password = text({ error: VALIDATION.passwordTooShort, trim: false }).min(
  PASSWORD_MIN_LENGTH,
  VALIDATION.passwordTooShort,
);

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const signupSchema = z.object({
  email: email.max(EMAIL_MAX_LENGTH, VALIDATION.emailTooLong),
  password: password.max(PASSWORD_MAX_LENGTH, VALIDATION.passwordTooLong),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** The first message of a failed parse: what the forms show in the 'Validation error' toast. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? VALIDATION.invalidEmail;
}
