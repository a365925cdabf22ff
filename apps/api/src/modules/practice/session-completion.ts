/**
 * What the answer that completes a session writes: the session's figures, the profile's streak,
 * day and study time, and what the answer keeps so that undoing it restores the profile exactly.
 */
import type { StoredCompletion, StoredPracticeItem } from '@verba/db';
import { creditedSeconds, studyMinutes, nextStreak } from '@verba/shared';
import type { SessionRow } from './session-mapper.ts';

/** The profile's figures a completion reads. */
export interface StreakState {
  currentStreak: number;
  lastStudyDate: string | null;
}

export type SessionFigures = Pick<
  SessionRow,
  'completedAt' | 'wordsPracticed' | 'correctCount' | 'totalTimeSeconds' | 'streakAfter'
>;

export function completeSession(
  items: readonly StoredPracticeItem[],
  now: Date,
  profile: StreakState,
  today: string,
): { session: SessionFigures; kept: StoredCompletion; streak: number; minutes: number } {
  const streak = nextStreak(profile.currentStreak, profile.lastStudyDate, today);
  const seconds = creditedSeconds(items.map((i) => i.answer?.responseTimeMs ?? 0));
  const minutes = studyMinutes(seconds);
  return {
    session: {
      completedAt: now,
      wordsPracticed: new Set(items.map((i) => i.wordId)).size,
      correctCount: items.filter((i) => i.answer?.correct).length,
      totalTimeSeconds: Math.round(seconds),
      streakAfter: streak,
    },
    kept: {
      streakBefore: profile.currentStreak,
      lastStudyDateBefore: profile.lastStudyDate,
      studyMinutes: minutes,
    },
    streak,
    minutes,
  };
}
