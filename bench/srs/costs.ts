/**
 * Seconds per answer, from fsrs-rs's simulator defaults (learn_costs / review_costs),
 * indexed by rating 1 Again … 4 Easy.
 */
export const LEARN_COST_S = [33.79, 24.3, 13.68, 6.5] as const;
export const REVIEW_COST_S = [23.0, 11.68, 7.33, 5.6] as const;
/** fsrs-rs's default rating mix: first answers Again/Hard/Good/Easy, and Hard/Good/Easy when recalled. */
export const FIRST_RATING_PROB = [0.24, 0.094, 0.495, 0.171] as const;
export const REVIEW_RATING_PROB = [0.224, 0.631, 0.145] as const;

export type Rating4 = 1 | 2 | 3 | 4;

export function learnCost(rating: Rating4): number {
  return LEARN_COST_S[rating - 1]!;
}
export function reviewCost(rating: Rating4): number {
  return REVIEW_COST_S[rating - 1]!;
}
