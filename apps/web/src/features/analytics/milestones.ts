import { isMilestone, type MilestoneKind, type Profile } from '@verba/shared';

export interface Milestone {
  kind: MilestoneKind;
  value: number;
}

const STORAGE_KEY = 'verba-milestones';

/** The milestones a profile has reached that were not sent before (spec §4 "Analytics"). */
export function newMilestones(
  profile: Pick<Profile, 'totalWords' | 'masteredWords' | 'currentStreak'>,
  sent: ReadonlySet<string>,
): Milestone[] {
  const candidates: Milestone[] = [
    { kind: 'total_words', value: profile.totalWords },
    { kind: 'mastered_words', value: profile.masteredWords },
    { kind: 'streak', value: profile.currentStreak },
  ];
  return candidates.filter((m) => isMilestone(m.kind, m.value) && !sent.has(milestoneKey(m)));
}

export const milestoneKey = (m: Milestone) => `${m.kind}:${m.value}`;

/** Milestones already sent for this learner on this device. */
export function sentMilestones(userId: string): Set<string> {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    const list = saved[userId];
    return new Set(Array.isArray(list) ? list.filter((v) => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberMilestones(userId: string, sent: ReadonlySet<string>): void {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ ...saved, [userId]: [...sent].slice(-100) }),
    );
  } catch {
    // Storage blocked: a milestone may be sent again on another visit, which is harmless.
  }
}
