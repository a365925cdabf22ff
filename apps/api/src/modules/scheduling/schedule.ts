import {
  gradeFromDrills,
  scheduleReview,
  type DrillEvidence,
  type RetentionPolicyTable,
  type SchedulerParams,
} from '@verba/srs';
import type { PracticeItem } from '@verba/shared';
import { cardToRow, rowToCard, type ScheduleColumns } from './card-mapper.ts';

export interface ScheduleWordInput {
  row: ScheduleColumns;
  /** What the word's items in the session showed, each right or wrong. */
  drills: DrillEvidence[];
  now: Date;
  params: SchedulerParams;
  /** The learner's per-state retention table (`learnerRetentionPolicy`). */
  policy: RetentionPolicyTable;
  /** The scheduler's source of chance, spreading the new interval; null keeps FSRS's exact one. */
  random: (() => number) | null;
}

/**
 * Whether an item asked the learner to recognise the word (see it: a target-to-native card, a
 * quiz) or to recall it (produce it: a native-to-target card, spelling).
 */
export function drillKind(item: Pick<PracticeItem, 'type' | 'direction'>): DrillEvidence['kind'] {
  if (item.type === 'spelling') return 'recall';
  if (item.type === 'flashcard' && item.direction === 'native-to-target') return 'recall';
  return 'recognition';
}

/**
 * A word's schedule after a session: one review through packages/srs, graded from the session's
 * drills (`gradeFromDrills`: all right → Good; recognised, and the word produced or tried only
 * once → Hard; else Again) with the per-state retention policy (decision 001) and the fuzz, as
 * the row's new columns. The learner-facing rule is unchanged: the word counts as correct only
 * when every item was right.
 */
export function scheduleWord({ row, drills, now, params, policy, random }: ScheduleWordInput) {
  const { card } = scheduleReview({
    card: rowToCard(row),
    correct: drills.every((d) => d.correct),
    grade: gradeFromDrills(drills),
    policy,
    now,
    params,
    random,
  });
  return cardToRow(card);
}
