/**
 * A word's schedule when answers reach the server out of the order they were made (two devices
 * offline at once): the word's completions are replayed through the scheduler in the order they
 * happened, from the state before the earliest of them, so the result is the one an online
 * learner would have had.
 */
import { schema, type StoredPracticeItem, type StoredSchedule, type Transaction } from '@verba/db';
import type { DrillEvidence } from '@verba/srs';
import { and, eq, sql } from 'drizzle-orm';
import { drillKind } from '../scheduling/schedule.ts';
import type { SessionRow } from './session-mapper.ts';

const sessions = schema.dailyPracticeSessions;

/** A word's drills in one session, as the scheduler grades them. */
export const drillsOf = (items: readonly StoredPracticeItem[]): DrillEvidence[] =>
  items.map((i) => ({
    kind: drillKind(i),
    correct: i.answer?.correct === true,
    durationMs: i.answer?.responseTimeMs ?? null,
  }));

/** One rescheduling of a word already applied: when, on what drills, and the state before it. */
export interface Completion {
  at: Date;
  drills: DrillEvidence[];
  before: StoredSchedule;
}

/** What the replay reads of a session. */
export type ReplayedSession = Pick<SessionRow, 'id' | 'mode' | 'items'>;

/**
 * The word's completions in the learner's daily sessions made after `after`, oldest first: the
 * answers that rescheduled it (they keep the state before them, for undo). `known` has sessions
 * as they are now in memory (a batch's, not written yet), in place of their stored rows.
 */
export async function completionsAfter(
  tx: Transaction,
  userId: string,
  wordId: string,
  after: Date,
  known: ReadonlyMap<string, ReplayedSession>,
): Promise<Completion[]> {
  const stored = await tx
    .select({ id: sessions.id, mode: sessions.mode, items: sessions.items })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.mode, 'daily'),
        sql`${wordId}::uuid = any(${sessions.wordIds})`,
      ),
    );
  const rows = [
    ...stored.filter((row) => !known.has(row.id)),
    ...[...known.values()].filter((row) => row.mode === 'daily'),
  ];
  const found: Completion[] = [];
  for (const { items } of rows) {
    const ofWord = items.filter((i) => i.wordId === wordId);
    for (const item of ofWord) {
      const answer = item.answer;
      if (!answer?.wordBefore || new Date(answer.answeredAt) <= after) continue;
      found.push({
        at: new Date(answer.answeredAt),
        drills: drillsOf(ofWord),
        before: answer.wordBefore,
      });
    }
  }
  return found.sort((a, b) => a.at.getTime() - b.at.getTime());
}
