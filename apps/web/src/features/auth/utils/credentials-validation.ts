import { zodResolver } from '@hookform/resolvers/zod';
import { firstIssueMessage, loginSchema, signupSchema, type LoginInput } from '@verba/shared';

type Credentials = { email: string; password: string };

/** The shared schema of each credentials form, as the form's resolver and its toast message. */
function validation(schema: typeof loginSchema | typeof signupSchema) {
  return {
    resolver: zodResolver<Credentials, unknown, LoginInput>(schema),
    /** The message of the 'Validation error' toast, or null when the values are valid. */
    firstIssue: (values: Credentials): string | null => {
      const result = schema.safeParse(values);
      return result.success ? null : firstIssueMessage(result.error);
    },
  };
}

export const CREDENTIALS_VALIDATION = {
  login: validation(loginSchema),
  signup: validation(signupSchema),
};
