/**
 * Starting practice: a daily session (the learner's due words, one open session a day) or an
 * infinity round (a random sample of their words, or a group's). Both build their session the
 * same way (`newSession`) and answer a replayed start with the session it made.
 */
import { schema, type Executor, type StoredPracticeItem } from '@verba/db';
import {
  PRACTICE_ERROR_TEXT,
  PRACTICE_LIMITS,
  buildItems,
  shuffle,
  type PracticeSession,
  type SessionMode,
  type SessionUser,
  type StartSessionInput,
  endOfLocalDay,
  safeTimeZone,
} from '@verba/shared';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import type { PracticeServices } from './practice-services.ts';
import { shownWords, toPracticeSession, type SessionRow } from './session-mapper.ts';
import { openDailySession } from './session-reads.ts';
import {
  dueWords,
  groupWords,
  insertSession,
  insertSessionValues,
  parseWordSample,
  startReads,
  startStatements,
  type PracticeWordRow,
} from './start-statements.ts';

const sessions = schema.dailyPracticeSessions;
const profiles = schema.profiles;

/** What a start reads of the learner's profile for their session. */
export type StartProfile = Pick<
  typeof profiles.$inferSelect,
  'timeZone' | 'targetLanguage' | 'nativeLanguage'
>;

/** How a start ended: its session, whether this request wrote it, and whether the zone moved. */
interface Started {
  row: SessionRow;
  created: boolean;
  zoneChanged: boolean;
}

export type StartResult = { session: PracticeSession; created: boolean };

/** Starts a daily session or an infinity round, as the input's mode asks. */
export function startSession(
  services: PracticeServices,
  user: SessionUser,
  input: StartSessionInput,
): Promise<StartResult> {
  return input.mode === 'daily'
    ? startDailySession(services, user, input)
    : startInfinityRound(services, user, input);
}

/**
 * A daily session of the learner's due words, oldest due first, or their open one of today.
 * Daily starts take turns per learner (the profile row is the lock, held by a transaction), so a
 * double click cannot open two daily sessions.
 */
async function startDailySession(
  services: PracticeServices,
  user: SessionUser,
  input: StartSessionInput,
): Promise<StartResult> {
  const now = services.clock();
  const timeZone = safeTimeZone(input.timeZone);
  const started = await services.db.transaction(async (tx): Promise<Started> => {
    const [profile] = await startReads(tx, user.id, 0).for('update');
    if (!profile) throw new ApiError('NOT_FOUND', 'Profile not found');
    const zoneChanged = profile.timeZone !== timeZone;
    // A replayed start answers with the session it made; looked for first, under the lock.
    const same = await sessionOfId(tx, user, input.id);
    if (same) return { row: same, created: false, zoneChanged };
    const [open] = await openDailySession(tx, user.id, now);
    if (open) return { row: open, created: false, zoneChanged };
    const picked = await dueWords(tx, user.id, now);
    if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.nothingDue);
    const row = newSession(user, input, {
      mode: 'daily',
      now,
      timeZone,
      profile,
      picked,
      translations: parseWordSample(profile.sample).translations,
      random: services.random,
    });
    const [inserted] = await insertSession(tx).execute(insertSessionValues(row, true));
    return inserted
      ? { row, created: true, zoneChanged }
      : replayedStart(tx, user, input.id, zoneChanged);
  });
  return finishStart(services, user, timeZone, started);
}

/**
 * An infinity round: a group's words, or words of the learner's random sample. Rounds are
 * independent of each other: a round is one insert, so it needs no transaction, and a replayed
 * start learns of its first request from that insert.
 */
async function startInfinityRound(
  services: PracticeServices,
  user: SessionUser,
  input: StartSessionInput,
): Promise<StartResult> {
  const { db } = services;
  const now = services.clock();
  const timeZone = safeTimeZone(input.timeZone);
  const { random } = services;
  const groupId = input.groupId ?? null;
  const statements = startStatements(db);
  // A round without a group practises words of the sample itself.
  const practised = groupId ? 0 : PRACTICE_LIMITS.infinityWords;
  const [profile] = await statements.reads.execute({ userId: user.id, practised });
  if (!profile) throw new ApiError('NOT_FOUND', 'Profile not found');
  const zoneChanged = profile.timeZone !== timeZone;
  const sample = parseWordSample(profile.sample);
  let words = sample.words;
  if (groupId) {
    const members = await groupWords(db, user.id, groupId);
    if (!members) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.groupNotFound);
    words = members;
  }
  const picked = shuffle(words, random);
  if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.noWords);
  const row = newSession(user, input, {
    mode: 'infinity',
    now,
    timeZone,
    profile,
    picked,
    translations: sample.translations,
    random,
  });
  const [inserted] = await statements.insert.execute(insertSessionValues(row, false));
  const started = inserted
    ? { row, created: true, zoneChanged }
    : await replayedStart(db, user, input.id, zoneChanged);
  return finishStart(services, user, timeZone, started);
}

/** The learner's session of this id; another learner's id is a conflict. */
async function sessionOfId(
  db: Executor,
  user: SessionUser,
  id: string,
): Promise<SessionRow | undefined> {
  const [same] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (same && same.userId !== user.id) {
    throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.sessionIdTaken);
  }
  return same;
}

/** A start whose insert wrote nothing: its id was taken, by its own first request. */
async function replayedStart(
  db: Executor,
  user: SessionUser,
  id: string,
  zoneChanged: boolean,
): Promise<Started> {
  const same = await sessionOfId(db, user, id);
  if (!same) throw new ApiError('INTERNAL_ERROR', 'Could not start the session');
  return { row: same, created: false, zoneChanged };
}

/**
 * A new session's row: the picked words as the session shows them, and their items, built here
 * or, for a session started on a device offline, as the device built them (checked before).
 */
export function newSession(
  user: SessionUser,
  input: Pick<StartSessionInput, 'id'>,
  start: {
    mode: SessionMode;
    now: Date;
    timeZone: string;
    profile: StartProfile;
    picked: PracticeWordRow[];
  } & (
    | { translations: string[]; random: () => number }
    | { items: StoredPracticeItem[]; wordIds: string[] }
  ),
): SessionRow {
  const { mode, now, profile, picked } = start;
  const shown = shownWords(picked, profile);
  return {
    id: input.id,
    userId: user.id,
    wordIds: 'items' in start ? start.wordIds : picked.map((w) => w.id),
    startedAt: now,
    expiresAt: endOfLocalDay(now, start.timeZone),
    completedAt: null,
    wordsPracticed: 0,
    correctCount: 0,
    totalTimeSeconds: 0,
    mode,
    words: shown,
    items:
      'items' in start
        ? start.items
        : buildItems(picked, { mode, translations: start.translations, random: start.random }),
    streakAfter: null,
  };
}

/**
 * The learner's zone is where they practise now: written after the start, so a start that fails
 * leaves it as it was, and a replay writes it should the first request have stopped before.
 */
async function finishStart(
  services: PracticeServices,
  user: SessionUser,
  timeZone: string,
  { row, created, zoneChanged }: Started,
): Promise<StartResult> {
  if (zoneChanged) {
    await services.db.update(profiles).set({ timeZone }).where(eq(profiles.id, user.id));
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  return { session: toPracticeSession(row), created };
}
