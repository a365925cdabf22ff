import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CEFR_LEVELS,
  DELETED_ITEM_KINDS,
  FEEDBACK_LIMITS,
  FEEDBACK_TYPES,
  IMPORT_JOB_STATUSES,
  LANGUAGE_CODES,
  PRACTICE_TYPES,
  REVIEW_OUTCOMES,
  SESSION_MODES,
  type DeletedItemKind,
  type ImportJobStatus,
  type AnkiImportSummary,
  type ImportRowPreview,
  type ImportSource,
  type PracticeWord,
  type StoredPracticeItem,
  type WordExample,
  type WordSuggestion,
} from '@verba/shared';
import { now, user } from './auth.ts';

const quotedList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

// ── Verba's tables (spec §3). Every row belongs to a user and goes when the user goes. ──

const userId = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

export const profiles = pgTable(
  'profiles',
  {
    /** Equals the auth user's id. */
    id: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    displayName: text('display_name'),
    nativeLanguage: text('native_language').notNull().default('en'),
    targetLanguage: text('target_language').notNull().default('es'),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    analyticsEnabled: boolean('analytics_enabled').notNull().default(true),
    totalWords: integer('total_words').notNull().default(0),
    masteredWords: integer('mastered_words').notNull().default(0),
    currentStreak: integer('current_streak').notNull().default(0),
    /** The learner's local calendar day of the last completed session; drives the streak. */
    lastStudyDate: date('last_study_date'),
    /** Minutes. */
    totalStudyTime: integer('total_study_time').notNull().default(0),
    /** IANA time zone of the learner's browser; their calendar days (streak, session expiry). */
    timeZone: text('time_zone'),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    check(
      'profiles_native_language_check',
      sql`${t.nativeLanguage} in (${quotedList(LANGUAGE_CODES)})`,
    ),
    check(
      'profiles_target_language_check',
      sql`${t.targetLanguage} in (${quotedList(LANGUAGE_CODES)})`,
    ),
    check(
      'profiles_counters_check',
      sql`${t.totalWords} >= 0 and ${t.masteredWords} >= 0 and ${t.currentStreak} >= 0 and ${t.totalStudyTime} >= 0`,
    ),
  ],
);

/**
 * A definite article at the start of a word, with the space after it (or an elided l'), for the
 * A-Z order. An SQL literal: a generated column's expression takes no parameters.
 */
const LEADING_ARTICLE = sql.raw(
  `'^((der|die|das|the|le|la|les|el|los|las|il|lo)[[:space:]]+|l[''’][[:space:]]*)'`,
);

/**
 * The A-Z order's collation: ICU's root collation, the one language-aware collation that both
 * PostgreSQL and PGlite ship, so both order a list the same way: accents and case after the
 * letter ('árbol' beside 'arbol'), not after 'z' as byte order has them.
 */
export const WORD_COLLATION = sql.raw('"und-x-icu"');

export const words = pgTable(
  'words',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    word: text().notNull(),
    translation: text().notNull(),
    ipa: text(),
    /** Kana, pinyin or romanization, for ja, zh and ko. */
    reading: text(),
    examples: jsonb().$type<WordExample[]>().notNull().default([]),
    mnemonic: text(),
    synonyms: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    grammarType: text('grammar_type'),
    cefrLevel: text('cefr_level'),
    /** Themes. */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFavorite: boolean('is_favorite').notNull().default(false),
    createdAt: now(),
    updatedAt: now(),
    // Review data, named as in the spec. `interval` is in days.
    interval: doublePrecision().notNull().default(0),
    repetitions: integer().notNull().default(0),
    easeFactor: doublePrecision('ease_factor').notNull().default(2.5),
    nextReviewDate: timestamp('next_review_date', { withTimezone: true }).notNull().defaultNow(),
    totalReviews: integer('total_reviews').notNull().default(0),
    correctReviews: integer('correct_reviews').notNull().default(0),
    /** Fraction of correct reviews, 0..1. */
    successRate: doublePrecision('success_rate').notNull().default(0),
    mastered: boolean().notNull().default(false),
    // FSRS memory state (design.md "Scheduling").
    stability: doublePrecision().notNull().default(0),
    difficulty: doublePrecision().notNull().default(0),
    /** FSRS card state as ts-fsrs numbers it: 0 new, 1 learning, 2 review, 3 relearning. */
    state: smallint().notNull().default(0),
    lapses: integer().notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    /**
     * A random place in the learner's collection, drawn once: a start samples the words that
     * follow a random point in this order instead of sorting the whole collection at random.
     */
    sampleKey: doublePrecision('sample_key')
      .notNull()
      .default(sql`random()`),
    /**
     * Word and translation in lower case, for the list's search: lowering once on write lets a
     * search be a plain `like`, several times cheaper than `ilike` on every row it reads. The
     * separator (a control character no card may hold) keeps a search from matching across both.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${words.word}) || E'\\x1f' || lower(${words.translation})`,
      ),
    /**
     * The word as the A-Z order reads it: without a leading definite article of the languages
     * that have them (der/die/das, le/la/les/l', el/la/los/las, il/lo/la, the), so 'die Katze'
     * sorts under K. Compared with `WORD_COLLATION` (words.service.ts).
     */
    sortKey: text('sort_key')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`regexp_replace(${words.word}, ${LEADING_ARTICLE}, '', 'i')`,
      ),
  },
  (t) => [
    // The list's orders (words.service.ts), id last so that a page is read in index order. The
    // search text rides along, so a search walks the order without reading the rows: a common
    // search stops after a page of matches, a rare one reads these entries to the end, and one
    // cached plan suits both (word ≤ 100 and translation ≤ 200 characters keep the entries far
    // below btree's limit).
    index('words_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.searchText,
    ),
    index('words_user_next_review_idx').on(t.userId, t.nextReviewDate, t.id, t.searchText),
    index('words_user_sort_key_idx').on(
      t.userId,
      sql`${t.sortKey} collate ${WORD_COLLATION}`,
      t.id,
      t.searchText,
    ),
    index('words_user_sample_idx').on(t.userId, t.sampleKey),
    // One card per word and learner, whatever the case.
    uniqueIndex('words_user_word_lower_idx').on(t.userId, sql`lower(${t.word})`),
    check('words_word_check', sql`length(btrim(${t.word})) > 0`),
    check(
      'words_cefr_level_check',
      sql`${t.cefrLevel} is null or ${t.cefrLevel} in (${quotedList(CEFR_LEVELS)})`,
    ),
    check('words_state_check', sql`${t.state} between 0 and 3`),
    check('words_success_rate_check', sql`${t.successRate} between 0 and 1`),
    check(
      'words_counters_check',
      sql`${t.repetitions} >= 0 and ${t.totalReviews} >= 0 and ${t.correctReviews} between 0 and ${t.totalReviews} and ${t.lapses} >= 0 and ${t.interval} >= 0`,
    ),
  ],
);

export const dailyPracticeSessions = pgTable(
  'daily_practice_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    wordIds: uuid('word_ids').array().notNull(),
    startedAt: now(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    wordsPracticed: integer('words_practiced').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    totalTimeSeconds: integer('total_time_seconds').notNull().default(0),
    /** 'daily' follows the schedule; 'infinity' practises any words and changes no schedule. */
    mode: text().notNull().default('daily'),
    /** The words as the session shows them, taken when it started. */
    words: jsonb().$type<PracticeWord[]>().notNull().default([]),
    /** The items in order, with their answers: a reload resumes exactly where the learner was. */
    items: jsonb().$type<StoredPracticeItem[]>().notNull().default([]),
    /** The learner's streak after completing this session (the summary shows it). */
    streakAfter: integer('streak_after'),
  },
  (t) => [
    index('sessions_user_started_idx').on(t.userId, t.startedAt.desc()),
    index('sessions_user_completed_idx').on(t.userId, t.completedAt),
    // The clean-up of unfinished sessions whose day is over.
    index('sessions_open_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.completedAt} is null`),
    check('sessions_mode_check', sql`${t.mode} in (${quotedList(SESSION_MODES)})`),
    check(
      'sessions_counters_check',
      sql`${t.wordsPracticed} >= 0 and ${t.correctCount} >= 0 and ${t.totalTimeSeconds} >= 0`,
    ),
  ],
);

/**
 * Every answer, append-only (the spec's review_sessions). It keeps what an FSRS optimizer needs:
 * the rating given, the days since the previous review and the time taken.
 */
export const reviewLog = pgTable(
  'review_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => dailyPracticeSessions.id, {
      onDelete: 'set null',
    }),
    /** Client-generated id of the answer, so a replayed request is recorded once. */
    clientId: text('client_id'),
    practiceType: text('practice_type').notNull(),
    outcome: text().notNull(),
    /** Seconds. */
    responseTime: doublePrecision('response_time').notNull(),
    confidenceRating: smallint('confidence_rating').notNull(),
    /** FSRS rating given to the scheduler: 1 Again … 4 Easy. */
    rating: smallint().notNull(),
    /** Card state before this review. */
    state: smallint().notNull(),
    elapsedDays: doublePrecision('elapsed_days').notNull(),
    scheduledDays: doublePrecision('scheduled_days').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    reviewedAt: now(),
  },
  (t) => [
    index('review_log_user_reviewed_idx').on(t.userId, t.reviewedAt),
    index('review_log_word_idx').on(t.wordId, t.reviewedAt),
    uniqueIndex('review_log_user_client_id_idx').on(t.userId, t.clientId),
    check(
      'review_log_practice_type_check',
      sql`${t.practiceType} in (${quotedList(PRACTICE_TYPES)})`,
    ),
    check('review_log_outcome_check', sql`${t.outcome} in (${quotedList(REVIEW_OUTCOMES)})`),
    check('review_log_confidence_check', sql`${t.confidenceRating} between 1 and 5`),
    check('review_log_rating_check', sql`${t.rating} between 1 and 4`),
    check('review_log_state_check', sql`${t.state} between 0 and 3`),
    check(
      'review_log_times_check',
      sql`${t.responseTime} >= 0 and ${t.elapsedDays} >= 0 and ${t.durationMs} >= 0`,
    ),
  ],
);

/**
 * Each learner's reviews and completed sessions per local day, for the Progress screen
 * (docs/decisions/036). Kept by the database itself: a review joins its day when the learner's
 * Progress is next read (`review_days_count_new`, migration 0016), which gives it its local day
 * in `review_log.local_day` (a column only the database's functions use, so it is not declared
 * here; null until counted); a trigger takes a counted review off that day when the row goes (an
 * undone answer, a deleted word). A session's day is the local day of its completion, kept by a
 * trigger on `daily_practice_sessions` (migration 0013).
 */
export const reviewDays = pgTable(
  'review_days',
  {
    userId: userId(),
    day: date().notNull(),
    reviews: integer().notNull().default(0),
    correct: integer().notNull().default(0),
    /** Reviews of words in review whose interval was under 21 days (measured retention). */
    young: integer().notNull().default(0),
    youngCorrect: integer('young_correct').notNull().default(0),
    /** The same for intervals of 21 days or more. */
    mature: integer().notNull().default(0),
    matureCorrect: integer('mature_correct').notNull().default(0),
    /** Completed practice sessions, and the study minutes they credited to the profile. */
    sessions: integer().notNull().default(0),
    minutes: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Practice entries a device made offline and the server has applied (`POST /api/practice/sync`),
 * by the device's id for them: written in the transaction that applies the entry, so a batch sent
 * again (a retry, a second tab) applies nothing twice.
 */
export const syncEntries = pgTable(
  'sync_entries',
  {
    userId: userId(),
    id: uuid().notNull(),
    kind: text().notNull(),
    /** What applying it answered, given again to a retry. */
    result: jsonb().notNull(),
    appliedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);

/**
 * A learner's FSRS parameters (docs/decisions/001): null weights mean FSRS-6's defaults. The
 * background refit writes them at most once a day, after enough new reviews, with the per-state
 * retention table computed for them (serialized; null means the shared default table).
 */
export const learnerParameters = pgTable(
  'learner_parameters',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    weights: doublePrecision().array(),
    retentionPolicy: text('retention_policy'),
    desiredRetention: doublePrecision('desired_retention').notNull().default(0.9),
    /** When the last refit ran (adopted or not), and how many reviews it saw. */
    fittedAt: timestamp('fitted_at', { withTimezone: true }),
    reviewsAtFit: integer('reviews_at_fit').notNull().default(0),
    updatedAt: now(),
  },
  (t) => [
    check('learner_parameters_retention_check', sql`${t.desiredRetention} between 0.7 and 0.97`),
  ],
);

export const wordSuggestionsCache = pgTable('word_suggestions_cache', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  suggestions: jsonb().$type<WordSuggestion[]>().notNull().default([]),
  createdAt: now(),
  updatedAt: now(),
});

export const groups = pgTable(
  'groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    name: text().notNull(),
    createdAt: now(),
  },
  (t) => [
    index('groups_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('groups_user_name_idx').on(t.userId, t.name),
    check('groups_name_check', sql`length(btrim(${t.name})) > 0`),
  ],
);

/** Which words belong to which group; a group's word and mastered counts derive from it. */
export const groupWords = pgTable(
  'group_words',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    wordId: uuid('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.wordId] }),
    index('group_words_word_idx').on(t.wordId),
  ],
);

/**
 * Words and groups the learner deleted, kept whole for the undo window so that Undo puts them back
 * as they were: a word with its review history and its places in groups, a group with its words
 * (docs/decisions/018). Only restore reads them; the purge removes them for good after the window.
 */
export const deletedItems = pgTable(
  'deleted_items',
  {
    /** The deleted word's or group's own id. */
    id: uuid().primaryKey(),
    userId: userId(),
    kind: text().$type<DeletedItemKind>().notNull(),
    /** The rows as `to_jsonb` wrote them, put back by `jsonb_populate_record`. */
    data: jsonb().notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('deleted_items_deleted_idx').on(t.deletedAt),
    check('deleted_items_kind_check', sql`${t.kind} in (${quotedList(DELETED_ITEM_KINDS)})`),
  ],
);

export const userFeedback = pgTable(
  'user_feedback',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    feedbackType: text('feedback_type').notNull().default('general'),
    message: text().notNull(),
    rating: smallint(),
    createdAt: now(),
  },
  (t) => [
    index('user_feedback_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('user_feedback_type_check', sql`${t.feedbackType} in (${quotedList(FEEDBACK_TYPES)})`),
    check(
      'user_feedback_message_check',
      sql`char_length(${t.message}) between ${sql.raw(String(FEEDBACK_LIMITS.messageMin))} and ${sql.raw(String(FEEDBACK_LIMITS.messageMax))}`,
    ),
    check(
      'user_feedback_rating_check',
      sql`${t.rating} is null or ${t.rating} between ${sql.raw(String(FEEDBACK_LIMITS.ratingMin))} and ${sql.raw(String(FEEDBACK_LIMITS.ratingMax))}`,
    ),
  ],
);

/**
 * Fixed-window counters shared by every API process (sign-in and sign-up throttling).
 * Keys name what is counted, e.g. `sign-in:ip:203.0.113.9`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * Imports of words (issue 25): one row per import, which the import screen reads for its
 * progress and summary. At most one import per learner runs at a time, in every process: the
 * partial unique index refuses a second running row.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    status: text().$type<ImportJobStatus>().notNull().default('running'),
    source: text().$type<ImportSource>().notNull(),
    fileName: text('file_name'),
    total: integer().notNull(),
    done: integer().notNull().default(0),
    imported: integer().notNull().default(0),
    duplicates: integer().notNull().default(0),
    problems: integer().notNull().default(0),
    /** The rows not saved, with their reasons, for the learner's download. */
    skippedRows: jsonb('skipped_rows').$type<ImportRowPreview[]>().notNull().default([]),
    /** For an Anki package: the sounds and images left out, and the histories not read. */
    anki: jsonb().$type<AnkiImportSummary>(),
    error: text(),
    createdAt: now(),
    /** Moved by every step of a running import: an import whose process died stops moving it. */
    updatedAt: now(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('import_jobs_one_running_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
    check('import_jobs_status_check', sql`${t.status} in (${quotedList(IMPORT_JOB_STATUSES)})`),
  ],
);

/**
 * A running import's words, staged in small steps until the last step moves them all into
 * `words` in one transaction: the collection gets the whole import or nothing of it. `data` is
 * the word's row as `jsonb_populate_record` reads it.
 */
export const importRows = pgTable(
  'import_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    data: jsonb().notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);

/**
 * Imported words waiting for the AI to write the rest of their card, worked off the request path
 * (apps/api/src/modules/enrichment). A row leaves when its word is completed or given up on, and
 * with its word. `dueAt` is when the row may next be worked: now when queued, the end of a claim's
 * lease while a process works it (`claim` says which), the end of the learner's daily AI quota
 * when it ran out, or later after a provider failure.
 */
export const wordEnrichments = pgTable(
  'word_enrichments',
  {
    wordId: uuid('word_id')
      .primaryKey()
      .references(() => words.id, { onDelete: 'cascade' }),
    userId: userId(),
    queuedAt: now(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claim: uuid(),
  },
  (t) => [
    index('word_enrichments_due_idx').on(t.dueAt),
    index('word_enrichments_user_idx').on(t.userId, t.queuedAt),
  ],
);
