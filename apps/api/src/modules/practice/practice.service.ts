import { schema, type Database, type StoredPracticeItem } from '@verba/db';
import {
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  languageOrDefault,
  normalizeSpelling,
  PRACTICE_LIMITS,
  type Answer,
  type AnswerResult,
  type FeedState,
  type PracticeItem,
  type PracticeSession,
  type PracticeWord,
  type SessionUser,
  type StartSessionInput,
  type SubmitAnswerInput,
} from '@verba/shared';
import {
  elapsedDaysBetween,
  ratingFor,
  type RetentionPolicyTable,
  type SchedulerParams,
} from '@verba/srs';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, min, sql } from 'drizzle-orm';
import type { Services } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { rowToCard } from './card-mapper.ts';
import { endOfLocalDay, localDay, nextStreak, safeTimeZone } from './calendar.ts';
import { buildItems, shuffle } from './items.ts';
import { learnerRetentionPolicy } from './learner-policy.ts';
import { drillKind, scheduleWord } from './schedule.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

type SessionRow = typeof sessions.$inferSelect;
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export const PRACTICE_TEXT = {
  nothingDue: 'No words are due for practice right now.',
  noWords: 'No words to practise yet: add some words first.',
  sessionNotFound: 'Practice session not found',
  itemNotFound: 'No such item in this practice session',
  itemAnswered: 'This item has already been answered',
  answerIdReused: 'This answer id was already used for another answer; make a new one',
  sessionIdTaken: 'This id is already in use; make a new one',
  sessionEnded: 'This practice session has ended; start a new one',
  groupNotFound: 'Group not found',
  wrongAnswerType: 'The answer does not match the item',
} as const;

/**
 * What the practice services need. `practiceRandom` is the fuzz's source of chance: by default
 * Math.random, and none under NODE_ENV=test, so that tests see FSRS's exact intervals.
 */
export type PracticeServices = Pick<Services, 'db' | 'events' | 'clock' | 'env' | 'logger'> & {
  practiceRandom?: (() => number) | null;
  /** Where a completed daily session asks for a refit of the learner's parameters. */
  jobs?: Pick<Services['jobs'], 'refit'>;
};

/** The fuzz's source of chance, or null for exact intervals (tests). */
function fuzzRandom(services: PracticeServices): (() => number) | null {
  if (services.practiceRandom !== undefined) return services.practiceRandom;
  return services.env.NODE_ENV === 'test' ? null : Math.random;
}

// ── Reading ──

function toItem(item: StoredPracticeItem): PracticeItem {
  return {
    index: item.index,
    wordId: item.wordId,
    type: item.type,
    direction: item.direction,
    options: item.options,
    completed: item.answer !== null,
    correct: item.answer ? item.answer.correct : null,
  };
}

/** The one place a session row becomes the API's session. */
export function toPracticeSession(row: SessionRow): PracticeSession {
  const items = row.items;
  return {
    id: row.id,
    mode: row.mode === 'infinity' ? 'infinity' : 'daily',
    words: row.words,
    items: items.map(toItem),
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    summary: row.completedAt
      ? {
          wordsPracticed: row.wordsPracticed,
          correctCount: row.correctCount,
          accuracy: items.length === 0 ? 0 : Math.round((row.correctCount / items.length) * 100),
          totalTimeSeconds: row.totalTimeSeconds,
          currentStreak: row.streakAfter ?? 0,
        }
      : null,
  };
}

function openDailySession(db: Executor, userId: string, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.completedAt),
        gt(sessions.expiresAt, now),
        eq(sessions.mode, 'daily'),
      ),
    )
    .orderBy(desc(sessions.startedAt))
    .limit(1);
}

const dueCondition = (userId: string, now: Date) =>
  and(eq(words.userId, userId), lte(words.nextReviewDate, now));

/** The feed's state (spec §4 "Feed session selection"); reading it changes nothing. */
export async function getFeed(services: PracticeServices, user: SessionUser): Promise<FeedState> {
  const { db } = services;
  const now = services.clock();
  const [profile] = await db
    .select({ totalWords: profiles.totalWords })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  if (!profile || profile.totalWords === 0) return { kind: 'no-words' };
  const [open] = await openDailySession(db, user.id, now);
  if (open) return { kind: 'session', session: toPracticeSession(open) };
  const [due] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(words)
    .where(dueCondition(user.id, now));
  const dueCount = due?.n ?? 0;
  if (dueCount > 0) {
    const [last] = await db
      .select({ completedAt: sessions.completedAt })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          isNotNull(sessions.completedAt),
          eq(sessions.mode, 'daily'),
        ),
      )
      .orderBy(desc(sessions.completedAt))
      .limit(1);
    const windowMs = PRACTICE_LIMITS.quickReviewWindowMinutes * 60_000;
    if (last?.completedAt && now.getTime() - last.completedAt.getTime() <= windowMs) {
      return { kind: 'quick-review', dueCount };
    }
    return { kind: 'due', dueCount };
  }
  const [next] = await db
    .select({ at: min(words.nextReviewDate) })
    .from(words)
    .where(eq(words.userId, user.id));
  return {
    kind: 'caught-up',
    nextReviewDate: next?.at ? new Date(next.at).toISOString() : null,
  };
}

export async function getSession(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<PracticeSession> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, user.id)));
  if (!row) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.sessionNotFound);
  return toPracticeSession(row);
}

// ── Starting ──

const PRACTICE_WORD_COLUMNS = {
  id: words.id,
  word: words.word,
  translation: words.translation,
  ipa: words.ipa,
  reading: words.reading,
  examples: words.examples,
  mastered: words.mastered,
  repetitions: words.repetitions,
};
type PracticeWordRow = {
  [K in keyof typeof PRACTICE_WORD_COLUMNS]: (typeof words.$inferSelect)[K];
};

/** What an answer reads of its word: the review columns, and what a 'Word Mastered' names. */
const SCHEDULE_COLUMNS = {
  id: words.id,
  word: words.word,
  mastered: words.mastered,
  interval: words.interval,
  nextReviewDate: words.nextReviewDate,
  repetitions: words.repetitions,
  totalReviews: words.totalReviews,
  correctReviews: words.correctReviews,
  successRate: words.successRate,
  easeFactor: words.easeFactor,
  stability: words.stability,
  difficulty: words.difficulty,
  state: words.state,
  lapses: words.lapses,
  lastReview: words.lastReview,
  learningSteps: words.learningSteps,
};

/** How many of the learner's translations a start reads to draw quiz distractors from. */
const DISTRACTOR_POOL = 40;

export async function startSession(
  services: PracticeServices,
  user: SessionUser,
  input: StartSessionInput,
): Promise<{ session: PracticeSession; created: boolean }> {
  const { db } = services;
  const now = services.clock();
  const timeZone = safeTimeZone(input.timeZone);
  const mode = input.mode;
  const random = fuzzRandom(services) ?? Math.random;
  const outcome = await db.transaction(async (tx) => {
    // Daily starts take turns per learner (the profile row is the lock), so a double click
    // cannot open two daily sessions; infinity rounds are independent of each other.
    const readProfile = tx
      .select({
        timeZone: profiles.timeZone,
        targetLanguage: profiles.targetLanguage,
        nativeLanguage: profiles.nativeLanguage,
      })
      .from(profiles)
      .where(eq(profiles.id, user.id));
    const [profile] = mode === 'daily' ? await readProfile.for('update') : await readProfile;
    if (!profile) throw new ApiError('NOT_FOUND', 'Profile not found');
    // A replayed start answers with the session it made. A daily start looks first (under the
    // lock); an infinity start learns it from its insert.
    const replayed = async () => {
      const [same] = await tx.select().from(sessions).where(eq(sessions.id, input.id));
      if (same && same.userId !== user.id) {
        throw new ApiError('CONFLICT', PRACTICE_TEXT.sessionIdTaken);
      }
      return same;
    };
    if (mode === 'daily') {
      const same = await replayed();
      if (same) return { row: same, created: false, zoneChanged: false };
    }
    const zoneChanged = profile.timeZone !== timeZone;
    if (zoneChanged) {
      await tx.update(profiles).set({ timeZone }).where(eq(profiles.id, user.id));
    }
    if (mode === 'daily') {
      const [open] = await openDailySession(tx, user.id, now);
      if (open) return { row: open, created: false, zoneChanged };
    }
    // A random sample of the learner's words, sorted by ids alone: quiz distractors come from
    // its translations, and an infinity round without a group practises 20 of them.
    const sampledIds = tx
      .select({ id: words.id })
      .from(words)
      .where(eq(words.userId, user.id))
      .orderBy(sql`random()`)
      .limit(DISTRACTOR_POOL);
    const sample = shuffle(
      await tx
        .select(PRACTICE_WORD_COLUMNS)
        .from(words)
        .where(and(eq(words.userId, user.id), inArray(words.id, sampledIds))),
      random,
    );
    let picked: PracticeWordRow[];
    if (mode === 'daily') {
      picked = await tx
        .select(PRACTICE_WORD_COLUMNS)
        .from(words)
        .where(dueCondition(user.id, now))
        .orderBy(asc(words.nextReviewDate), asc(words.id))
        .limit(PRACTICE_LIMITS.dueWordsPerSession);
      if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_TEXT.nothingDue);
    } else {
      const groupId = input.groupId ?? null;
      if (groupId) {
        const [group] = await tx
          .select({ id: schema.groups.id })
          .from(schema.groups)
          .where(and(eq(schema.groups.id, groupId), eq(schema.groups.userId, user.id)));
        if (!group) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.groupNotFound);
        picked = await tx
          .select(PRACTICE_WORD_COLUMNS)
          .from(words)
          .innerJoin(schema.groupWords, eq(schema.groupWords.wordId, words.id))
          .where(and(eq(words.userId, user.id), eq(schema.groupWords.groupId, groupId)))
          .orderBy(sql`random()`)
          .limit(PRACTICE_LIMITS.infinityWords);
      } else {
        picked = sample.slice(0, PRACTICE_LIMITS.infinityWords);
      }
      if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_TEXT.noWords);
    }
    const items = buildItems(picked, {
      mode,
      translations: sample.map((p) => p.translation),
      random,
    });
    const language = languageOrDefault(profile.targetLanguage, DEFAULT_TARGET_LANGUAGE);
    const translationLanguage = languageOrDefault(profile.nativeLanguage, DEFAULT_NATIVE_LANGUAGE);
    const shown: PracticeWord[] = picked.map((w) => ({
      id: w.id,
      word: w.word,
      translation: w.translation,
      ipa: w.ipa,
      reading: w.reading,
      language,
      translationLanguage,
      examples: w.examples
        .slice(0, 2)
        .map((e) => ({ target: e.target, translation: e.translation })),
      mastered: w.mastered,
    }));
    const [row] = await tx
      .insert(sessions)
      .values({
        id: input.id,
        userId: user.id,
        wordIds: picked.map((w) => w.id),
        startedAt: now,
        expiresAt: endOfLocalDay(now, timeZone),
        mode,
        words: shown,
        items,
      })
      .onConflictDoNothing({ target: sessions.id })
      .returning();
    if (row) return { row, created: true, zoneChanged };
    const same = await replayed();
    if (!same) throw new ApiError('INTERNAL_ERROR', 'Could not start the session');
    return { row: same, created: false, zoneChanged };
  });
  if (outcome.zoneChanged) {
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  return { session: toPracticeSession(outcome.row), created: outcome.created };
}

// ── Answering ──

function expectedAnswer(item: StoredPracticeItem, word: PracticeWord | undefined): string {
  if (item.type === 'multiple-choice') return item.options?.[item.correctOption ?? 0] ?? '';
  if (item.type === 'flashcard' && item.direction === 'target-to-native') {
    return word?.translation ?? '';
  }
  return word?.word ?? '';
}

function isCorrect(item: StoredPracticeItem, answer: Answer, expected: string): boolean {
  switch (answer.type) {
    case 'flashcard':
      return answer.knew;
    case 'multiple-choice':
      return answer.optionIndex === item.correctOption;
    case 'spelling':
      return normalizeSpelling(answer.text) === normalizeSpelling(expected);
  }
}

/** The learner's scheduler parameters and retention table, in one query. */
async function learnerParams(
  db: Executor,
  userId: string,
  logger: Logger,
): Promise<{ params: SchedulerParams; policy: RetentionPolicyTable }> {
  const [row] = await db
    .select({
      weights: schema.learnerParameters.weights,
      desiredRetention: schema.learnerParameters.desiredRetention,
      retentionPolicy: schema.learnerParameters.retentionPolicy,
    })
    .from(schema.learnerParameters)
    .where(eq(schema.learnerParameters.userId, userId));
  const policy = learnerRetentionPolicy(row?.retentionPolicy ?? null, logger);
  if (!row) return { params: {}, policy };
  return {
    params: {
      desiredRetention: row.desiredRetention,
      ...(row.weights && row.weights.length === 21 ? { weights: row.weights } : {}),
    },
    policy,
  };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}

/** Study time credited for a session: per item at most 30 s. */
export function creditedSeconds(responseTimesMs: readonly number[]): number {
  const capMs = PRACTICE_LIMITS.creditedSecondsPerItem * 1000;
  return responseTimesMs.reduce((sum, ms) => sum + Math.min(Math.max(ms, 0), capMs), 0) / 1000;
}

/** The spec's increment_study_stats: minutes, rounded up, at least 1. */
export function studyMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * Checks and records one answer. The session row is locked for the whole transaction, so two
 * answers of one session never interleave; a replayed answer id returns the first result and
 * changes nothing. When the answer completes a word's items (daily mode), the word's schedule
 * changes once; when it completes the session, study time, streak and summary are written in
 * the same transaction.
 */
export async function submitAnswer(
  services: PracticeServices,
  user: SessionUser,
  sessionId: string,
  input: SubmitAnswerInput,
): Promise<AnswerResult> {
  const { db } = services;
  const now = services.clock();
  const random = fuzzRandom(services);
  const outcome = await db.transaction(async (tx) => {
    // The session, locked, with the review columns of the answered item's word (one round trip).
    const itemWordId = sql`(${sessions.items} -> ${input.itemIndex}::int ->> 'wordId')::uuid`;
    const [found] = await tx
      .select({ session: sessions, word: SCHEDULE_COLUMNS })
      .from(sessions)
      .leftJoin(words, and(eq(words.id, itemWordId), eq(words.userId, user.id)))
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .for('update', { of: sessions });
    if (!found) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.sessionNotFound);
    const row = found.session;
    const replayed = row.items.find((i) => i.answer?.id === input.id);
    if (replayed) {
      if (replayed.index !== input.itemIndex) {
        throw new ApiError('CONFLICT', PRACTICE_TEXT.answerIdReused);
      }
      return { row, item: replayed, changedWord: null, profileChanged: false, refit: false };
    }
    const item = row.items[input.itemIndex];
    if (!item) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.itemNotFound);
    if (item.answer) throw new ApiError('CONFLICT', PRACTICE_TEXT.itemAnswered);
    if (row.completedAt || row.expiresAt.getTime() <= now.getTime()) {
      throw new ApiError('CONFLICT', PRACTICE_TEXT.sessionEnded);
    }
    if (input.answer.type !== item.type) {
      throw new ApiError('VALIDATION_ERROR', PRACTICE_TEXT.wrongAnswerType, {
        issues: [{ path: 'answer.type', message: PRACTICE_TEXT.wrongAnswerType }],
      });
    }
    const shownWord = row.words.find((w) => w.id === item.wordId);
    const correct = isCorrect(item, input.answer, expectedAnswer(item, shownWord));
    const responseTimeMs = Math.min(input.responseTimeMs, PRACTICE_LIMITS.maxResponseTimeMs);
    const answered: StoredPracticeItem = {
      ...item,
      answer: {
        id: input.id,
        correct,
        responseTimeMs,
        answeredAt: now.toISOString(),
        mastered: [],
      },
    };
    const items = row.items.map((i) => (i.index === item.index ? answered : i));
    let shownWords = row.words;
    let masteredDelta = 0;
    let changedWord: string | null = null;

    const wordRow = found.word;
    // A word deleted during the session has no history left to add to.
    if (wordRow) {
      const card = rowToCard(wordRow);
      await tx
        .insert(schema.reviewLog)
        .values({
          userId: user.id,
          wordId: wordRow.id,
          sessionId: row.id,
          clientId: input.id,
          practiceType: row.mode === 'infinity' ? 'infinity' : item.type,
          outcome: correct ? 'correct' : 'incorrect',
          responseTime: responseTimeMs / 1000,
          confidenceRating: correct ? 3 : 1,
          rating: ratingFor(correct),
          state: card.state,
          elapsedDays: card.last_review ? elapsedDaysBetween(card.last_review, now) : 0,
          scheduledDays: card.interval,
          durationMs: responseTimeMs,
          reviewedAt: now,
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'review_log_user_client_id_idx')) {
            throw new ApiError('CONFLICT', PRACTICE_TEXT.answerIdReused);
          }
          throw error;
        });
      const ofWord = items.filter((i) => i.wordId === item.wordId);
      if (row.mode === 'daily' && ofWord.every((i) => i.answer)) {
        // The new schedule follows from the word's state: read it again under the row's lock.
        const [current = wordRow] = await tx
          .select(SCHEDULE_COLUMNS)
          .from(words)
          .where(and(eq(words.id, wordRow.id), eq(words.userId, user.id)))
          .for('update');
        const next = scheduleWord({
          row: current,
          drills: ofWord.map((i) => ({
            kind: drillKind(i),
            correct: i.answer?.correct === true,
            durationMs: i.answer?.responseTimeMs ?? null,
          })),
          now,
          ...(await learnerParams(tx, user.id, services.logger)),
          random,
        });
        await tx.update(words).set(next).where(eq(words.id, wordRow.id));
        changedWord = wordRow.id;
        if (next.mastered !== current.mastered) {
          masteredDelta = next.mastered ? 1 : -1;
          if (next.mastered) answered.answer!.mastered.push({ id: wordRow.id, word: wordRow.word });
          shownWords = shownWords.map((w) =>
            w.id === wordRow.id ? { ...w, mastered: next.mastered } : w,
          );
        }
      }
    }

    const complete = items.every((i) => i.answer);
    let completion: Partial<
      Pick<
        SessionRow,
        'completedAt' | 'wordsPracticed' | 'correctCount' | 'totalTimeSeconds' | 'streakAfter'
      >
    > = {};
    if (complete || masteredDelta !== 0) {
      const [profile] = await tx
        .select({
          timeZone: profiles.timeZone,
          currentStreak: profiles.currentStreak,
          lastStudyDate: profiles.lastStudyDate,
        })
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .for('update');
      const mastered =
        masteredDelta === 0
          ? {}
          : { masteredWords: sql`greatest(${profiles.masteredWords} + ${masteredDelta}, 0)` };
      if (complete && profile) {
        const today = localDay(now, safeTimeZone(profile.timeZone));
        const streak = nextStreak(profile.currentStreak, profile.lastStudyDate, today);
        const seconds = creditedSeconds(items.map((i) => i.answer?.responseTimeMs ?? 0));
        await tx
          .update(profiles)
          .set({
            ...mastered,
            currentStreak: streak,
            lastStudyDate: today,
            totalStudyTime: sql`${profiles.totalStudyTime} + ${studyMinutes(seconds)}`,
            updatedAt: now,
          })
          .where(eq(profiles.id, user.id));
        completion = {
          completedAt: now,
          wordsPracticed: new Set(items.map((i) => i.wordId)).size,
          correctCount: items.filter((i) => i.answer?.correct).length,
          totalTimeSeconds: Math.round(seconds),
          streakAfter: streak,
        };
      } else if (masteredDelta !== 0) {
        await tx.update(profiles).set(mastered).where(eq(profiles.id, user.id));
      }
    }
    // Only the answered item is written (the stored items can be long: an infinity round has 80),
    // and the words only when one's mastery changed.
    await tx
      .update(sessions)
      .set({
        items: sql`jsonb_set(${sessions.items}, ${`{${item.index},answer}`}::text[], ${JSON.stringify(answered.answer)}::jsonb)`,
        ...(shownWords === row.words ? {} : { words: shownWords }),
        ...completion,
      })
      .where(eq(sessions.id, row.id));
    return {
      row: { ...row, items, words: shownWords, ...completion },
      item: answered,
      changedWord,
      profileChanged: complete || masteredDelta !== 0,
      refit: complete && row.mode === 'daily',
    };
  });
  // Checked in the background, once the answer is sent: a day since the last fit and enough new answers.
  if (outcome.refit) services.jobs?.refit.request(user.id);
  if (outcome.changedWord) {
    await services.events.publish({
      userId: user.id,
      kind: 'words.changed',
      id: outcome.changedWord,
    });
  }
  if (outcome.profileChanged) {
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  const shownWord = outcome.row.words.find((w) => w.id === outcome.item.wordId);
  return {
    correct: outcome.item.answer?.correct ?? false,
    expected: expectedAnswer(outcome.item, shownWord),
    masteredWords: outcome.item.answer?.mastered ?? [],
    session: toPracticeSession(outcome.row),
  };
}
