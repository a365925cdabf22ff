/** Suggestions' shape, constants and texts without the schema library (schemas: suggestions.ts). */

/** A word the AI suggests adding (spec §3 "Word suggestion"). */
export interface WordSuggestion {
  word: string;
  translation: string;
  /** Why it fits this learner. */
  reason: string;
}

/** Refilled when fewer than 4 remain (spec §9). */
export const SUGGESTIONS_REFILL_BELOW = 4;
/** How many one generation asks for. */
export const SUGGESTIONS_PER_BATCH = 8;
/** Skeleton cards while loading (spec §9). */
export const SUGGESTION_SKELETONS = 4;
export const SUGGESTION_LIMITS = { word: 100, translation: 200, reason: 300 } as const;

export const SUGGESTION_TEXT = {
  title: 'Discover New Words',
  add: 'Add',
  refresh: 'Refresh',
  added: 'Word added! ✨',
  addFailed: 'Error adding word',
  refreshed: 'Refreshed!',
  refreshFailed: 'Refresh failed',
  refreshFailedDescription: 'Please try again.',
  empty: 'No suggestions right now.',
  /** On a server with no AI provider, in place of the suggestions and their refresh. */
  unavailable: 'Suggestions are written by an AI provider, and this server has none.',
} as const;
