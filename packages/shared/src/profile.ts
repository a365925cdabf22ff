/** The profile's progress cards (spec §2 "Profile", §9 "Profile display"). */

/**
 * Study time, stored in minutes: '12 min' below an hour, '1 h 20 min' above (design.md departs
 * from the spec's floored hours, which showed 20 minutes of practice as '0 hours').
 */
export function studyTimeText(totalStudyTimeMinutes: number): string {
  const minutes = Math.max(0, Math.floor(totalStudyTimeMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
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
  studyTimeDetail: 'spent practising',
  mastered: 'mastered',
  haptics: 'Haptic feedback',
  hapticsDescription: 'Short vibrations when you answer and tap.',
  analytics: 'Share usage analytics',
  analyticsDescription: 'Anonymous usage data that helps us improve Verba.',
  signOut: 'Sign Out',
  /** The way to the Progress screen (/app/progress). */
  progressLink: 'See your progress',
  progressLinkDetail: 'Calendar, forecast, retention and memory',
} as const;
