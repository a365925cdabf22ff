import {
  gradeFromDrills,
  scheduleReview,
  type DrillEvidence,
  type RetentionPolicyTable,
  type SchedulerParams,
  type SrsCard,
} from '@verba/srs';
import type { PracticeItem } from '@verba/shared';
import { cardToRow, rowToCard, type ScheduleColumns } from './card-mapper.ts';

const MS_PER_DAY = 86_400_000;

/**
 * FSRS's fuzz ranges (as ts-fsrs spreads them): intervals of 2.5 days and more move by up to 15 %,
 * 10 % past 7 days and 5 % past 20, so words learned together do not stay due together.
 */
export function fuzzRange(interval: number): { min: number; max: number } {
  if (interval < 2.5) return { min: interval, max: interval };
  let delta = 1;
  for (const [start, end, factor] of [
    [2.5, 7, 0.15],
    [7, 20, 0.1],
    [20, Infinity, 0.05],
  ] as const) {
    delta += factor * Math.max(Math.min(interval, end) - start, 0);
  }
  const min = Math.max(2, Math.round(interval - delta));
  const max = Math.round(interval + delta);
  return { min, max: Math.max(min, max) };
}

export interface ScheduleWordInput {
  row: ScheduleColumns;
  /** What the word's items in the session showed, each right or wrong. */
  drills: DrillEvidence[];
  now: Date;
  params: SchedulerParams;
  /** The learner's per-state retention table (`learnerRetentionPolicy`). */
  policy: RetentionPolicyTable;
  /** Spread the new interval (production); null keeps FSRS's exact interval (tests). */
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
 * once → Hard; else Again) with the per-state retention policy (decision 001), then the fuzz, as
 * the row's new columns. The learner-facing rule is unchanged: the word counts as correct only
 * when every item was right.
 */
export function scheduleWord({ row, drills, now, params, policy, random }: ScheduleWordInput) {
  const grade = gradeFromDrills(drills);
  const { card } = scheduleReview({
    card: rowToCard(row),
    correct: drills.every((d) => d.correct),
    grade,
    policy,
    now,
    params,
  });
  let next: SrsCard = card;
  if (random) {
    const { min, max } = fuzzRange(card.interval);
    if (max > min) {
      const interval = Math.floor(random() * (max - min + 1)) + min;
      next = {
        ...card,
        interval,
        next_review_date: new Date(now.getTime() + interval * MS_PER_DAY),
      };
    }
  }
  return cardToRow(next);
}
