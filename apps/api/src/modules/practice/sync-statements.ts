/**
 * What applying a sync batch reads and writes, a few statements for the whole batch however many
 * entries it has: the claim of every entry's id, the sessions, words and profile its entries
 * touch (locked until the batch commits, in the order an online answer locks them: sessions,
 * words, profile), and its changes written table by table.
 */
import { schema, updateRows, type Transaction } from '@verba/db';
import type { SyncEntry, SyncResult } from '@verba/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { ReviewLogRow } from './answer-statements.ts';
import { ANSWERED_WORD_COLUMNS } from './answer-statements.ts';
import { SCHEDULE_COLUMNS, type WordSchedule } from '../scheduling/card-mapper.ts';
import type { SessionRow } from './session-mapper.ts';

const entriesTable = schema.syncEntries;
const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/**
 * Claims the entries' ids not claimed before, in the ids' order (two batches sharing ids claim
 * them in the same order, so neither waits on the other in a circle). A batch that claims an id
 * another batch holds waits for that one's commit and then finds it claimed. Answers the ids
 * this batch claimed.
 */
export async function claimEntries(
  tx: Transaction,
  userId: string,
  entries: readonly Pick<SyncEntry, 'id' | 'kind'>[],
): Promise<Set<string>> {
  if (entries.length === 0) return new Set();
  const sorted = [...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const claimed = await tx
    .insert(entriesTable)
    .values(sorted.map(({ id, kind }) => ({ userId, id, kind, result: {} })))
    .onConflictDoNothing()
    .returning({ id: entriesTable.id });
  return new Set(claimed.map((c) => c.id));
}

/** The results of entries applied before, by id. */
export async function firstResults(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, Partial<SyncResult>>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: entriesTable.id, result: entriesTable.result })
    .from(entriesTable)
    .where(and(eq(entriesTable.userId, userId), inArray(entriesTable.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.result as Partial<SyncResult>]));
}

/** The learner's sessions among `ids`, locked. */
export async function lockedSessions(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), inArray(sessions.id, [...ids])))
    .orderBy(asc(sessions.id))
    .for('update');
}

/** What a batch reads of a word: its review columns, and its card as a session shows it. */
const BATCH_WORD_COLUMNS = {
  ...ANSWERED_WORD_COLUMNS,
  translation: words.translation,
  ipa: words.ipa,
  reading: words.reading,
  examples: words.examples,
};
export type BatchWord = {
  [K in keyof typeof BATCH_WORD_COLUMNS]: (typeof words.$inferSelect)[K];
};

/** The learner's words among `ids`, locked. */
export async function lockedWords(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<BatchWord[]> {
  if (ids.length === 0) return [];
  return tx
    .select(BATCH_WORD_COLUMNS)
    .from(words)
    .where(and(eq(words.userId, userId), inArray(words.id, [...ids])))
    .orderBy(asc(words.id))
    .for('update');
}

/** Which of these session and word ids are another learner's (a start may not take them). */
export async function othersIds(
  tx: Transaction,
  userId: string,
  sessionIds: readonly string[],
  wordIds: readonly string[],
): Promise<Set<string>> {
  const ofSessions = tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(ne(sessions.userId, userId), inArray(sessions.id, [...sessionIds])));
  const ofWords = tx
    .select({ id: words.id })
    .from(words)
    .where(and(ne(words.userId, userId), inArray(words.id, [...wordIds])));
  const rows =
    sessionIds.length && wordIds.length
      ? await ofSessions.unionAll(ofWords)
      : sessionIds.length
        ? await ofSessions
        : wordIds.length
          ? await ofWords
          : [];
  return new Set(rows.map((r) => r.id));
}

/** What a batch reads and writes of the learner's profile. */
export const BATCH_PROFILE_COLUMNS = {
  timeZone: profiles.timeZone,
  targetLanguage: profiles.targetLanguage,
  nativeLanguage: profiles.nativeLanguage,
  currentStreak: profiles.currentStreak,
  lastStudyDate: profiles.lastStudyDate,
  masteredWords: profiles.masteredWords,
  totalStudyTime: profiles.totalStudyTime,
  updatedAt: profiles.updatedAt,
};
export type BatchProfile = {
  [K in keyof typeof BATCH_PROFILE_COLUMNS]: (typeof profiles.$inferSelect)[K];
};

/** The learner's profile, locked. */
export async function lockedProfile(tx: Transaction, userId: string): Promise<BatchProfile | null> {
  const [row] = await tx
    .select(BATCH_PROFILE_COLUMNS)
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  return row ?? null;
}

/** Which of these answer ids the learner's review log has already. */
export async function loggedAnswerIds(
  tx: Transaction,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: schema.reviewLog.clientId })
    .from(schema.reviewLog)
    .where(and(eq(schema.reviewLog.userId, userId), inArray(schema.reviewLog.clientId, [...ids])));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}

/** Everything a batch changed, written in one statement per table. */
export interface BatchWrites {
  startedSessions: SessionRow[];
  answeredSessions: SessionRow[];
  reviews: ReviewLogRow[];
  rescheduled: (WordSchedule & { id: string })[];
  profile: Partial<BatchProfile> | null;
  /** Each applied entry's result, kept for a retry. */
  results: { id: string; result: SyncResult }[];
  /** Claims of entries refused in the end: a retry checks them again. */
  released: string[];
}

const SESSION_ANSWER_KEYS = [
  'items',
  'words',
  'completedAt',
  'wordsPracticed',
  'correctCount',
  'totalTimeSeconds',
  'streakAfter',
] as const satisfies readonly (keyof SessionRow)[];

const SCHEDULE_KEYS = [
  ...(Object.keys(SCHEDULE_COLUMNS) as (keyof typeof SCHEDULE_COLUMNS)[]),
  'mastered',
] as const;

export async function writeBatch(tx: Transaction, userId: string, w: BatchWrites): Promise<void> {
  if (w.startedSessions.length) await tx.insert(sessions).values(w.startedSessions);
  if (w.answeredSessions.length) {
    await tx.execute(
      updateRows(sessions, SESSION_ANSWER_KEYS, w.answeredSessions, eq(sessions.userId, userId)),
    );
  }
  // After the sessions: a review names its session.
  if (w.reviews.length) await tx.insert(schema.reviewLog).values(w.reviews);
  if (w.rescheduled.length) {
    await tx.execute(updateRows(words, SCHEDULE_KEYS, w.rescheduled, eq(words.userId, userId)));
  }
  if (w.profile) await tx.update(profiles).set(w.profile).where(eq(profiles.id, userId));
  if (w.results.length) {
    await tx.execute(
      updateRows(
        entriesTable,
        ['result'],
        w.results.map(({ id, result }) => ({ id, result })),
        eq(entriesTable.userId, userId),
      ),
    );
  }
  if (w.released.length) {
    await tx
      .delete(entriesTable)
      .where(and(eq(entriesTable.userId, userId), inArray(entriesTable.id, w.released)));
  }
}
