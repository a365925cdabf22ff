/** Query keys read by more than one module (the API client clears the session on a 401). */
export const queryKeys = {
  session: ['session'] as const,
  profile: ['profile'] as const,
};
