/** Query keys read by more than one module (the API client clears the session on a 401). */
export const queryKeys = {
  session: ['session'] as const,
  profile: ['profile'] as const,
  /** What the server offers: an AI provider, analytics (lib/server-config.ts). */
  serverConfig: ['server-config'] as const,
  /** The profile with counts taken from the words themselves (the profile screen). */
  profileStats: ['profile', 'stats'] as const,
  /** Every word query (lists and single cards) starts with this, so one call invalidates them. */
  words: ['words'] as const,
  /** Every page of every list (filters, sorts, searches), not the single cards. */
  wordLists: ['words', 'list'] as const,
  /** The group list and each group's detail. */
  groups: ['groups'] as const,
  /** One group with its words (its screen; an infinity round of it started offline). */
  group: (id: string) => ['groups', 'detail', id] as const,
  suggestions: ['suggestions'] as const,
  /** Every practice query (the feed's state, single sessions) starts with this. */
  practice: ['practice'] as const,
  /** What the feed shows: the open daily session, a quick review, due words or caught up. */
  practiceFeed: ['practice', 'feed'] as const,
  practiceSession: (id: string) => ['practice', 'session', id] as const,
  /** The Progress screen's figures (features/progress). */
  stats: ['stats'] as const,
  /** What an admin sees: whether they are one, the accounts and the invitations (features/admin). */
  admin: ['admin'] as const,
  /** The learner's imports: the latest one and each import's progress (features/imports). */
  imports: ['imports'] as const,
};
