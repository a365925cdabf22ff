import {
  preparedStatements,
  rowPlaceholders,
  schema,
  type Database,
  type Executor,
  type StoredPracticeItem,
} from '@verba/db';
import {
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  languageOrDefault,
  PRACTICE_LIMITS,
  type FeedState,
  type PracticeItem,
  type PracticeSession,
  type PracticeWord,
  type SessionUser,
  type StartSessionInput,
} from '@verba/shared';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Services } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { endOfLocalDay, safeTimeZone } from './calendar.ts';
import { buildItems, shuffle } from './items.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

export type SessionRow = typeof sessions.$inferSelect;

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
  answerNotFound: 'No such answer in this practice session',
  notLastAnswer: 'Only the last answer of a session can be undone',
  answerUndone: 'This answer was undone; answer the item again with a new answer id',
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
export function fuzzRandom(services: PracticeServices): (() => number) | null {
  if (services.practiceRandom !== undefined) return services.practiceRandom;
  return services.env.NODE_ENV === 'test' ? null : Math.random;
}

// ── Reading ──

export function toItem(item: StoredPracticeItem): PracticeItem {
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

/** A session's end: when it was completed and its summary, or nulls while it is open. */
export function sessionEnd(row: SessionRow): Pick<PracticeSession, 'completedAt' | 'summary'> {
  if (!row.completedAt) return { completedAt: null, summary: null };
  const items = row.items.length;
  return {
    completedAt: row.completedAt.toISOString(),
    summary: {
      wordsPracticed: row.wordsPracticed,
      correctCount: row.correctCount,
      accuracy: items === 0 ? 0 : Math.round((row.correctCount / items) * 100),
      totalTimeSeconds: row.totalTimeSeconds,
      currentStreak: row.streakAfter ?? 0,
    },
  };
}

/** The one place a session row becomes the API's session. */
export function toPracticeSession(row: SessionRow): PracticeSession {
  return {
    id: row.id,
    mode: row.mode === 'infinity' ? 'infinity' : 'daily',
    words: row.words,
    items: row.items.map(toItem),
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...sessionEnd(row),
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
    .select({
      n: sql<number>`count(*)::int`,
      // New words answered in a session but never right: practised again, not due again.
      again: sql<number>`(count(*) filter (where ${words.repetitions} = 0 and ${words.totalReviews} > 0))::int`,
    })
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
      return { kind: 'quick-review', dueCount, practiseAgainCount: due?.again ?? 0 };
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

/** What a start reads of a word: its card as the session shows it, and its review count. */
const PRACTICE_WORD_JSON = sql`json_build_object(
  'id', ${words.id}, 'word', ${words.word}, 'translation', ${words.translation},
  'ipa', ${words.ipa}, 'reading', ${words.reading}, 'examples', ${words.examples},
  'mastered', ${words.mastered}, 'repetitions', ${words.repetitions})`;
type PracticeWordRow = Pick<
  typeof words.$inferSelect,
  'id' | 'word' | 'translation' | 'ipa' | 'reading' | 'examples' | 'mastered' | 'repetitions'
>;

/**
 * The learner's words among the ids `chosen` selects, in `order`, as one JSON text built by the
 * database (a daily session's due words, a group's words): parsing one text costs a fraction of
 * reading their rows field by field (docs/performance.md). `parsePracticeWords` turns it into rows.
 */
function practiceWords(
  db: Executor,
  userId: string | SQLWrapper,
  chosen: SQLWrapper,
  order: SQL = sql``,
) {
  return db
    .select({ json: sql<string>`coalesce(json_agg(${PRACTICE_WORD_JSON} ${order}), '[]')::text` })
    .from(words)
    .where(and(eq(words.userId, userId), inArray(words.id, chosen)));
}

const parsePracticeWords = (json: string | undefined): PracticeWordRow[] =>
  JSON.parse(json ?? '[]') as PracticeWordRow[];

/** How many of the learner's translations a start reads to draw quiz distractors from. */
const DISTRACTOR_POOL = 40;

/** A start's random sample (`wordSample`): translations for distractors, and cards to practise. */
interface WordSample {
  words: PracticeWordRow[];
  translations: string[];
}

/**
 * A random sample of the learner's words as one JSON text (`WordSample`): the translations of up
 * to 40 of them, which quiz distractors are drawn from, and the cards of `practised` of those
 * (an infinity round without a group practises 20). The sample is the 40 words that follow a
 * random point in the learner's sampling order (`sample_key`, drawn once per word, wrapping
 * around at the end): two short index reads, where sorting the whole collection at random read
 * every word (docs/decisions/011). Cards are built only for the words that need them.
 */
function wordSample(db: Executor, userId: string | SQLWrapper, practised: number | SQLWrapper) {
  const following = (from: SQL, after: SQL) => sql`(select ${words.id} as id, ${after} as after
      from ${words} where ${eq(words.userId, userId)} and ${from}
      order by ${words.sampleKey} limit ${DISTRACTOR_POOL})`;
  return sql`(with start as materialized (select random() as point)
    select json_build_object(
      'words', coalesce(json_agg(${PRACTICE_WORD_JSON}) filter (where drawn.n <= ${practised}::int), '[]'),
      'translations', coalesce(json_agg(${words.translation}), '[]'))::text
    from (select id, row_number() over (order by after) as n
      from start, lateral (
        ${following(sql`${words.sampleKey} >= start.point`, sql`${words.sampleKey} - start.point`)}
        union all
        ${following(sql`${words.sampleKey} < start.point`, sql`${words.sampleKey} + 1 - start.point`)}
      ) as window_words
      order by after limit ${DISTRACTOR_POOL}) as drawn
    join ${words} on ${words.id} = drawn.id and ${eq(words.userId, userId)})`;
}

const parseWordSample = (json: string): WordSample => JSON.parse(json) as WordSample;

/**
 * What a start reads first, in one round trip: the learner's profile and a sample of their words
 * (a round trip to the database costs more than this reading: docs/performance.md).
 */
const startReads = (db: Executor, userId: string | SQLWrapper, practised: number | SQLWrapper) =>
  db
    .select({
      timeZone: profiles.timeZone,
      targetLanguage: profiles.targetLanguage,
      nativeLanguage: profiles.nativeLanguage,
      sample: sql<string>`${wordSample(db, userId, practised)}`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId));

/** A session row as the value list of `insertSession`. */
const SESSION_ROW = rowPlaceholders(sessions, 'session');

/**
 * Writes a new session unless its id is taken (a replayed start writes nothing and learns it from
 * the empty result). `durable` false lets this one commit return before the database's log reaches
 * the disk (`synchronous_commit`, which PostgreSQL reads at commit time): an infinity round
 * changes no schedule, so a crash before the log's next flush would lose only a round the
 * learner starts again, and its first answer's durable commit writes the round with it
 * (docs/decisions/010). A daily session is written with the server's own setting.
 */
export const insertSession = (db: Executor) =>
  db
    .insert(sessions)
    .select(
      sql`select ${SESSION_ROW.list} from (select set_config('synchronous_commit',
        case when ${sql.placeholder('durable')}::boolean then current_setting('synchronous_commit')
             else 'off' end, true)) as commit_setting`,
    )
    .onConflictDoNothing({ target: sessions.id })
    .returning({ id: sessions.id })
    .prepare('practice_insert_session');

/** What `insertSession` binds: the row, and whether its commit waits for the disk. */
export const insertSessionValues = (row: SessionRow, durable: boolean) => ({
  ...SESSION_ROW.values(row),
  durable,
});

/** An infinity start's statements, built once per database (it takes no transaction). */
const startStatements = preparedStatements((db) => ({
  reads: startReads(db, sql.placeholder('userId'), sql.placeholder('practised')).prepare(
    'practice_start_reads',
  ),
  insert: insertSession(db),
}));

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
  // Daily starts take turns per learner (the profile row is the lock, held by a transaction), so
  // a double click cannot open two daily sessions. Infinity rounds are independent of each other:
  // a round is one insert, so it needs no transaction.
  const inTurn = <T>(work: (tx: Executor) => Promise<T>): Promise<T> =>
    mode === 'daily' ? db.transaction(work) : work(db);
  const outcome = await inTurn(async (tx) => {
    const groupId = mode === 'infinity' ? (input.groupId ?? null) : null;
    // An infinity round without a group practises words of the sample itself.
    const practised = mode === 'infinity' && !groupId ? PRACTICE_LIMITS.infinityWords : 0;
    const [profile] =
      mode === 'daily'
        ? await startReads(tx, user.id, practised).for('update')
        : await startStatements(db).reads.execute({ userId: user.id, practised });
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
    // Written after the start: a replay writes it should the first request have stopped before.
    const zoneChanged = profile.timeZone !== timeZone;
    if (mode === 'daily') {
      const same = await replayed();
      if (same) return { row: same, created: false, zoneChanged };
    }
    if (mode === 'daily') {
      const [open] = await openDailySession(tx, user.id, now);
      if (open) return { row: open, created: false, zoneChanged };
    }
    const sample = parseWordSample(profile.sample);
    let picked: PracticeWordRow[];
    if (mode === 'daily') {
      const oldestDue = [asc(words.nextReviewDate), asc(words.id)];
      const dueIds = tx
        .select({ id: words.id })
        .from(words)
        .where(dueCondition(user.id, now))
        .orderBy(...oldestDue)
        .limit(PRACTICE_LIMITS.dueWordsPerSession);
      const [due] = await practiceWords(
        tx,
        user.id,
        dueIds,
        sql`order by ${sql.join(oldestDue, sql`, `)}`,
      );
      picked = parsePracticeWords(due?.json);
      if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_TEXT.nothingDue);
    } else {
      if (groupId) {
        const [group] = await tx
          .select({ id: schema.groups.id })
          .from(schema.groups)
          .where(and(eq(schema.groups.id, groupId), eq(schema.groups.userId, user.id)));
        if (!group) throw new ApiError('NOT_FOUND', PRACTICE_TEXT.groupNotFound);
        const groupIds = tx
          .select({ id: schema.groupWords.wordId })
          .from(schema.groupWords)
          .where(eq(schema.groupWords.groupId, groupId))
          .orderBy(sql`random()`)
          .limit(PRACTICE_LIMITS.infinityWords);
        const [members] = await practiceWords(tx, user.id, groupIds);
        picked = shuffle(parsePracticeWords(members?.json), random);
      } else {
        picked = shuffle(sample.words, random);
      }
      if (picked.length === 0) throw new ApiError('CONFLICT', PRACTICE_TEXT.noWords);
    }
    const items = buildItems(picked, {
      mode,
      translations: sample.translations,
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
    const row: SessionRow = {
      id: input.id,
      userId: user.id,
      wordIds: picked.map((w) => w.id),
      startedAt: now,
      expiresAt: endOfLocalDay(now, timeZone),
      completedAt: null,
      wordsPracticed: 0,
      correctCount: 0,
      totalTimeSeconds: 0,
      mode,
      words: shown,
      items,
      streakAfter: null,
    };
    // The new row is known here; only whether it was written comes back.
    const insert = mode === 'daily' ? insertSession(tx) : startStatements(db).insert;
    const [inserted] = await insert.execute(insertSessionValues(row, mode === 'daily'));
    if (inserted) return { row, created: true, zoneChanged };
    const same = await replayed();
    if (!same) throw new ApiError('INTERNAL_ERROR', 'Could not start the session');
    return { row: same, created: false, zoneChanged };
  });
  // The learner's zone is where they practise now; a start that fails leaves it as it was.
  if (outcome.zoneChanged) {
    await db.update(profiles).set({ timeZone }).where(eq(profiles.id, user.id));
    await services.events.publish({ userId: user.id, kind: 'profile.changed' });
  }
  return { session: toPracticeSession(outcome.row), created: outcome.created };
}
