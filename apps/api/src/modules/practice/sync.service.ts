/**
 * Practice made away from the server (`POST /api/practice/sync`): a device's outbox of session
 * starts, answers and completions, applied in the order they happened. A batch is one
 * transaction of a few statements whatever its size: it claims every entry's id at once
 * (`sync_entries`), reads and locks the sessions, words and profile its entries touch, applies
 * the entries one by one in memory with the rules an online answer follows, and writes what
 * changed table by table with the entries' results. An entry sent again — a retried batch, a
 * second tab, a request cut off after the commit — finds its id claimed and answers its first
 * result. An entry that cannot apply is refused with its reason, changes nothing and releases its
 * claim; the others still apply.
 */
import type { Transaction } from '@verba/db';
import {
  followsItemRules,
  PRACTICE_ERROR_TEXT,
  PRACTICE_LIMITS,
  SYNC_ERROR_TEXT,
  SYNC_LIMITS,
  syncEntrySchema,
  type SessionUser,
  type StoredPracticeItem,
  type SyncEntry,
  type SyncResponse,
  type SyncResult,
  localDay,
  safeTimeZone,
} from '@verba/shared';
import { ApiError } from '../../lib/errors.ts';
import { learnerParams } from '../scheduling/learner-params.ts';
import type { ScheduleColumns, WordSchedule } from '../scheduling/card-mapper.ts';
import { scheduleWord } from '../scheduling/schedule.ts';
import { checkAnswer } from './answer-check.ts';
import { reviewLogRow, type ReviewLogRow } from './answer-statements.ts';
import type { PracticeServices } from './practice-services.ts';
import { completionsAfter, drillsOf } from './replay.ts';
import { completeSession } from './session-completion.ts';
import { sessionEnd, type SessionRow } from './session-mapper.ts';
import { newSession } from './start-session.ts';
import {
  claimEntries,
  firstResults,
  lockedProfile,
  lockedSessions,
  lockedWords,
  loggedAnswerIds,
  othersIds,
  writeBatch,
  type BatchProfile,
  type BatchWord,
} from './sync-statements.ts';
import { restoredSchedule, scheduleSnapshot } from './undo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type StartEntry = Extract<SyncEntry, { kind: 'start' }>;
type AnswerEntry = Extract<SyncEntry, { kind: 'answer' }>;
type CompleteEntry = Extract<SyncEntry, { kind: 'complete' }>;

const result = (
  entry: Pick<SyncEntry, 'id' | 'kind'>,
  status: SyncResult['status'],
  more: Partial<Pick<SyncResult, 'reason' | 'correct' | 'summary'>> = {},
): SyncResult => ({
  id: entry.id,
  kind: entry.kind,
  status,
  reason: null,
  correct: null,
  summary: null,
  ...more,
});

/** An entry that does not parse: refused with its first problem, named by its id if it has one. */
function malformed(raw: unknown, message: string): SyncResult {
  const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const kind = (['start', 'answer', 'complete'] as const).find((k) => k === fields.kind) ?? null;
  return {
    id: typeof fields.id === 'string' ? fields.id : null,
    kind,
    status: 'refused',
    reason: message,
    correct: null,
    summary: null,
  };
}

/** Why an entry's time cannot count, or null when it can. */
function timeRefusal(at: Date, receipt: Date): string | null {
  if (at.getTime() > receipt.getTime() + SYNC_LIMITS.clockSkewMs) return SYNC_ERROR_TEXT.future;
  if (at.getTime() < receipt.getTime() - SYNC_LIMITS.maxAgeDays * DAY_MS) {
    return SYNC_ERROR_TEXT.tooOld;
  }
  return null;
}

/**
 * The entry with its ids as the database writes them (lower case), so that an entry finds the
 * rows it names however the device spelled their ids.
 */
function lowerCaseIds(entry: SyncEntry): SyncEntry {
  const id = entry.id.toLowerCase();
  if (entry.kind !== 'start') return { ...entry, id, sessionId: entry.sessionId.toLowerCase() };
  return {
    ...entry,
    id,
    wordIds: entry.wordIds.map((w) => w.toLowerCase()),
    items: entry.items.map((item) => ({ ...item, wordId: item.wordId.toLowerCase() })),
  };
}

/** A valid entry, when it happened on the device, and where it was sent. */
interface Timed {
  entry: SyncEntry;
  at: Date;
  position: number;
}

/**
 * What a batch works on: the rows its entries touch, read once and locked, changed in memory
 * entry after entry, and what it will write.
 */
interface Batch {
  tx: Transaction;
  services: PracticeServices;
  user: SessionUser;
  /** The learner's sessions by id: those the entries name, and those the batch starts. */
  sessions: Map<string, SessionRow>;
  started: Set<string>;
  answered: Set<string>;
  /** The learner's words by id (a word deleted is not there). */
  words: Map<string, BatchWord>;
  rescheduled: Set<string>;
  /** Session and word ids of another learner's. */
  others: Set<string>;
  profile: BatchProfile | null;
  profileChanged: boolean;
  /** Answer ids in the learner's review log, this batch's included. */
  loggedIds: Set<string>;
  reviews: ReviewLogRow[];
  params?: Awaited<ReturnType<typeof learnerParams>>;
  refit: boolean;
}

/** Applies a device's outbox entries; answers each entry's result in the order sent. */
export async function applySync(
  services: PracticeServices,
  user: SessionUser,
  raw: readonly unknown[],
): Promise<SyncResponse> {
  const receipt = services.clock();
  const results: SyncResult[] = new Array<SyncResult>(raw.length);
  const valid: Timed[] = [];
  raw.forEach((value, position) => {
    const parsed = syncEntrySchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      results[position] = malformed(value, `${path ? `${path}: ` : ''}${issue?.message ?? ''}`);
      return;
    }
    const at = new Date(parsed.data.at);
    const refusal = timeRefusal(at, receipt);
    if (refusal) results[position] = result(parsed.data, 'refused', { reason: refusal });
    else valid.push({ entry: lowerCaseIds(parsed.data), at, position });
  });
  // In the order they happened on the device (the order sent when times tie).
  valid.sort((a, b) => a.at.getTime() - b.at.getTime() || a.position - b.position);

  const batch = valid.length
    ? await services.db.transaction((tx) => applyBatch(tx, services, user, valid, receipt))
    : null;
  valid.forEach(({ position }, i) => {
    // Named by the id as the device sent it.
    const sent = raw[position] as { id: string };
    results[position] = { ...batch!.results[i]!, id: sent.id };
  });

  if (batch?.refit) services.jobs?.refit.request(user.id);
  // One word's change names it; more are one event without an id, as an import's are.
  const changed = [...(batch?.changedWords ?? [])];
  if (changed.length > 0) {
    await services.events.publish({
      userId: user.id,
      kind: 'words.changed',
      ...(changed.length === 1 ? { id: changed[0] } : {}),
    });
  }
  if (batch?.profileChanged) {
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  return { results, dropped: results.filter((r) => r.status === 'dropped').length };
}

/** Claims, reads, applies in memory and writes a batch: its results in `valid`'s order. */
async function applyBatch(
  tx: Transaction,
  services: PracticeServices,
  user: SessionUser,
  valid: readonly Timed[],
  receipt: Date,
) {
  const unique = [...new Map(valid.map(({ entry }) => [entry.id, entry])).values()];
  const claimed = await claimEntries(tx, user.id, unique);
  const before = await firstResults(
    tx,
    user.id,
    unique.filter((e) => !claimed.has(e.id)).map((e) => e.id),
  );
  const toApply = valid.filter(({ entry }) => claimed.has(entry.id)).map(({ entry }) => entry);
  const batch = await readBatch(tx, services, user, toApply);

  /** This batch's result for each id it applied (a refused entry has none, and no claim). */
  const applied = new Map<string, SyncResult>();
  const results: SyncResult[] = [];
  for (const { entry, at } of valid) {
    const first = before.get(entry.id) ?? applied.get(entry.id);
    if (first || !claimed.has(entry.id)) {
      results.push({ ...result(entry, 'duplicate'), ...first, status: 'duplicate' });
      continue;
    }
    // It counts at its own time, never later than its receipt.
    const outcome = await applyEntry(batch, entry, at < receipt ? at : receipt);
    results.push(outcome);
    if (outcome.status !== 'refused') applied.set(entry.id, outcome);
  }

  const profile = batch.profile;
  await writeBatch(tx, user.id, {
    startedSessions: [...batch.started].map((id) => batch.sessions.get(id)!),
    answeredSessions: [...batch.answered]
      .filter((id) => !batch.started.has(id))
      .map((id) => batch.sessions.get(id)!),
    reviews: batch.reviews,
    rescheduled: [...batch.rescheduled].map((id) => batch.words.get(id)!),
    profile:
      batch.profileChanged && profile
        ? {
            currentStreak: profile.currentStreak,
            lastStudyDate: profile.lastStudyDate,
            masteredWords: profile.masteredWords,
            totalStudyTime: profile.totalStudyTime,
            updatedAt: profile.updatedAt,
          }
        : null,
    results: [...applied.values()].map((r) => ({ id: r.id!, result: r })),
    released: [...claimed].filter((id) => !applied.has(id)),
  });
  return {
    results,
    changedWords: batch.rescheduled,
    profileChanged: batch.profileChanged,
    refit: batch.refit,
  };
}

/** Reads and locks what the entries touch, in a few statements. */
async function readBatch(
  tx: Transaction,
  services: PracticeServices,
  user: SessionUser,
  entries: readonly SyncEntry[],
): Promise<Batch> {
  const starts = entries.filter((e): e is StartEntry => e.kind === 'start');
  const answers = entries.filter((e): e is AnswerEntry => e.kind === 'answer');
  const sessionIds = new Set(entries.map((e) => (e.kind === 'start' ? e.id : e.sessionId)));
  const sessionRows = await lockedSessions(tx, user.id, [...sessionIds]);
  const sessions = new Map(sessionRows.map((row) => [row.id, row]));
  const wordIds = new Set(starts.flatMap((s) => s.wordIds));
  for (const row of sessionRows) for (const item of row.items) wordIds.add(item.wordId);
  const wordRows = await lockedWords(tx, user.id, [...wordIds]);
  const words = new Map(wordRows.map((w) => [w.id, w]));
  // A start's session id or words that are not the learner's may be another learner's.
  const others = await othersIds(
    tx,
    user.id,
    starts.filter((s) => !sessions.has(s.id)).map((s) => s.id),
    [...new Set(starts.flatMap((s) => s.wordIds.filter((id) => !words.has(id))))],
  );
  const profile = await lockedProfile(tx, user.id);
  const loggedIds = await loggedAnswerIds(
    tx,
    user.id,
    answers.map((a) => a.id),
  );
  return {
    tx,
    services,
    user,
    sessions,
    started: new Set(),
    answered: new Set(),
    words,
    rescheduled: new Set(),
    others,
    profile,
    profileChanged: false,
    loggedIds,
    reviews: [],
    refit: false,
  };
}

/** One entry against the batch: its result; a refused entry changes nothing. */
async function applyEntry(batch: Batch, entry: SyncEntry, at: Date): Promise<SyncResult> {
  try {
    if (entry.kind === 'start') return applyStart(batch, entry, at);
    if (entry.kind === 'answer') return await applyAnswer(batch, entry, at);
    return applyComplete(batch, entry);
  } catch (error) {
    if (error instanceof ApiError) return result(entry, 'refused', { reason: error.message });
    throw error;
  }
}

/**
 * A session the device started: its words must be the learner's and its items follow the rules
 * the server builds by. Words deleted since stay in the items (their answers are dropped).
 */
function applyStart(batch: Batch, entry: StartEntry, at: Date): SyncResult {
  const most =
    entry.mode === 'daily' ? PRACTICE_LIMITS.dueWordsPerSession : PRACTICE_LIMITS.infinityWords;
  if (entry.wordIds.length > most || new Set(entry.wordIds).size !== entry.wordIds.length) {
    throw new ApiError('VALIDATION_ERROR', SYNC_ERROR_TEXT.wordCount);
  }
  if (entry.wordIds.some((id) => batch.others.has(id))) {
    throw new ApiError('NOT_FOUND', SYNC_ERROR_TEXT.foreignWord);
  }
  const found = entry.wordIds.flatMap((id) => batch.words.get(id) ?? []);
  const translations = new Map(found.map((w) => [w.id, w.translation]));
  if (!followsItemRules(entry.wordIds, entry.items, translations)) {
    throw new ApiError('VALIDATION_ERROR', SYNC_ERROR_TEXT.itemPlan);
  }
  if (!batch.profile) throw new ApiError('NOT_FOUND', 'Profile not found');
  // Its id taken: by this learner's session of this id (started online), or another's.
  if (batch.sessions.has(entry.id)) return result(entry, 'duplicate');
  if (batch.others.has(entry.id)) {
    throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.sessionIdTaken);
  }
  const items: StoredPracticeItem[] = entry.items.map((item, index) => ({
    ...item,
    index,
    answer: null,
  }));
  const row = newSession(batch.user, entry, {
    mode: entry.mode,
    now: at,
    timeZone: entry.timeZone,
    profile: batch.profile,
    picked: found,
    items,
    wordIds: entry.wordIds,
  });
  batch.sessions.set(row.id, row);
  batch.started.add(row.id);
  return result(entry, 'applied');
}

/**
 * An answer, checked and counted as an online one is (review log row, the word's schedule when
 * it completes the word's items, the streak and study time when it completes the session), at
 * its own time on its own local day.
 */
async function applyAnswer(batch: Batch, entry: AnswerEntry, now: Date): Promise<SyncResult> {
  const row = batch.sessions.get(entry.sessionId);
  if (!row) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.sessionNotFound);
  const input = {
    id: entry.id,
    itemIndex: entry.itemIndex,
    answer: entry.answer,
    responseTimeMs: entry.responseTimeMs,
  };
  const checked = checkAnswer(row, input, now);
  if (checked.replayed) {
    const correct = checked.replayed.answer?.correct ?? false;
    return result(entry, 'duplicate', { correct, summary: sessionEnd(row).summary });
  }
  const { answered, items } = checked;
  const word = batch.words.get(answered.wordId);
  let shownWords = row.words;
  let masteredDelta = 0;
  // A word deleted during the session has no history left to add to.
  if (word) {
    if (batch.loggedIds.has(entry.id)) {
      throw new ApiError('CONFLICT', PRACTICE_ERROR_TEXT.answerIdReused);
    }
    batch.loggedIds.add(entry.id);
    batch.reviews.push(reviewLogRow(batch.user, row, answered, word, now));
    const ofWord = items.filter((i) => i.wordId === word.id);
    if (row.mode === 'daily' && ofWord.every((i) => i.answer)) {
      const next = await reschedule(batch, word, ofWord, now, answered);
      if (next.mastered !== word.mastered) {
        masteredDelta = next.mastered ? 1 : -1;
        if (next.mastered) answered.answer!.mastered.push({ id: word.id, word: word.word });
        shownWords = shownWords.map((w) =>
          w.id === word.id ? { ...w, mastered: next.mastered } : w,
        );
      }
      batch.words.set(word.id, { ...word, ...next });
      batch.rescheduled.add(word.id);
    }
  }

  const profile = batch.profile;
  let completion = {};
  if (profile && masteredDelta !== 0) {
    profile.masteredWords = Math.max(profile.masteredWords + masteredDelta, 0);
    batch.profileChanged = true;
  }
  if (profile && items.every((i) => i.answer)) {
    const today = localDay(now, safeTimeZone(entry.timeZone));
    const done = completeSession(items, now, profile, today);
    // Kept with the answer, so that undoing it restores the profile exactly.
    answered.answer!.completion = done.kept;
    Object.assign(profile, {
      currentStreak: done.streak,
      lastStudyDate: today,
      totalStudyTime: profile.totalStudyTime + done.minutes,
      updatedAt: now,
    });
    batch.profileChanged = true;
    batch.refit ||= row.mode === 'daily';
    completion = done.session;
  }
  const after: SessionRow = { ...row, items, words: shownWords, ...completion };
  batch.sessions.set(row.id, after);
  batch.answered.add(row.id);
  const correct = answered.answer!.correct;
  const { summary } = sessionEnd(after);
  if (!word) {
    return result(entry, 'dropped', { reason: SYNC_ERROR_TEXT.wordDeleted, correct, summary });
  }
  return result(entry, 'applied', { correct, summary });
}

/**
 * The word's new schedule once an answer completes its items, never earlier than the review it
 * had before. An answer older than a rescheduling already applied (another device's, sent
 * first) goes in its place: the state before the earliest later one, then all in time order.
 */
async function reschedule(
  batch: Batch,
  word: BatchWord,
  ofWord: StoredPracticeItem[],
  now: Date,
  answered: StoredPracticeItem,
): Promise<WordSchedule> {
  batch.params ??= await learnerParams(batch.tx, batch.user.id, batch.services.logger);
  const { params, policy } = batch.params;
  const schedule = (row: ScheduleColumns, drills: ReturnType<typeof drillsOf>, at: Date) =>
    scheduleWord({ row, drills, now: at, params, policy, random: batch.services.scheduleRandom });
  const later =
    word.lastReview && word.lastReview > now
      ? await completionsAfter(batch.tx, batch.user.id, word.id, now, batch.sessions)
      : [];
  const base = later[0] ? restoredSchedule(later[0].before) : word;
  const at = base.lastReview && base.lastReview > now ? base.lastReview : now;
  let next = schedule(base, drillsOf(ofWord), at);
  for (const completion of later) next = schedule(next, completion.drills, completion.at);
  // Kept with the answer, so that undoing it restores the word exactly.
  answered.answer!.wordBefore = scheduleSnapshot(base);
  return next;
}

/** A completion: the session's last answer completed it; this confirms it with its summary. */
function applyComplete(batch: Batch, entry: CompleteEntry): SyncResult {
  const row = batch.sessions.get(entry.sessionId);
  if (!row) throw new ApiError('NOT_FOUND', PRACTICE_ERROR_TEXT.sessionNotFound);
  const { summary } = sessionEnd(row);
  if (!summary) throw new ApiError('CONFLICT', SYNC_ERROR_TEXT.notComplete);
  return result(entry, 'applied', { summary });
}
