/** The PostgreSQL error codes the API answers in its own way (PostgreSQL's "Error Codes" appendix). */
export const PG_ERROR = { uniqueViolation: '23505', foreignKeyViolation: '23503' } as const;

/**
 * Whether a database error (as either driver raises it, or wrapped by Drizzle as its `cause`) has
 * this code and, when one is named, this constraint.
 */
export function isDatabaseError(
  error: unknown,
  code: (typeof PG_ERROR)[keyof typeof PG_ERROR],
  constraint?: string,
): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: string; constraint?: string };
    if (found.code === code && (constraint === undefined || found.constraint === constraint)) {
      return true;
    }
  }
  return false;
}
