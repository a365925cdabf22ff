/** A word the AI suggests adding (spec §3 "Word suggestion"). */
export interface WordSuggestion {
  word: string;
  translation: string;
  /** Why it fits this learner. */
  reason: string;
}
