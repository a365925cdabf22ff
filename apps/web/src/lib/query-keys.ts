/** Query keys read by more than one module (the API client clears the session on a 401). */
export const queryKeys = {
  session: ['session'] as const,
  profile: ['profile'] as const,
  /** Every word query (lists and single cards) starts with this, so one call invalidates them. */
  words: ['words'] as const,
};
