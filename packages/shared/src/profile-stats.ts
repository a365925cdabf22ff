/** The profile's progress cards (spec §2 "Profile", §9 "Profile display"). */

/** Study time is stored in minutes and shown in whole hours: minutes / 60, floored. */
export function studyHours(totalStudyTimeMinutes: number): number {
  return Math.floor(Math.max(0, totalStudyTimeMinutes) / 60);
}

/** Mastered divided by total, as a rounded percent; 0 when there are no words. */
export function masteryPercent(masteredWords: number, totalWords: number): number {
  if (totalWords <= 0) return 0;
  return Math.min(100, Math.round((Math.max(0, masteredWords) / totalWords) * 100));
}

export type MilestoneKind = 'total_words' | 'mastered_words' | 'streak';

/**
 * Spec §4 "Analytics": a milestone is total or mastered words at a non-zero multiple of 10, or a
 * streak at a non-zero multiple of 7.
 */
export function isMilestone(kind: MilestoneKind, value: number): boolean {
  if (!Number.isInteger(value) || value <= 0) return false;
  return kind === 'streak' ? value % 7 === 0 : value % 10 === 0;
}

export const PROFILE_TEXT = {
  learning: 'Learning',
  totalWords: 'Total Words',
  streak: 'Streak',
  studyTime: 'Study Time',
  masteryRate: 'Mastery Rate',
  days: 'days',
  hours: 'hours',
  mastered: 'mastered',
  haptics: 'Haptic feedback',
  hapticsDescription: 'Short vibrations when you answer and tap.',
  analytics: 'Share usage analytics',
  analyticsDescription: 'Anonymous usage data that helps us improve Verba.',
  signOut: 'Sign Out',
} as const;
