import {
  GROUP_NAME_MAX_LENGTH,
  IMPORT_LIMITS,
  IMPORT_TEXT,
  isPlainText,
  PRACTICE_TYPES,
  REVIEW_OUTCOMES,
  SESSION_MODES,
  VERBA_BACKUP,
  type ImportRow,
} from '@verba/shared';
import { z } from 'zod';
import { ApiError } from '../../lib/errors.ts';
import type { WordSchedule } from '../scheduling/card-mapper.ts';
import { decodeText } from './decode.ts';

/**
 * A Verba backup (the file "Download my data" writes) as an import source. Its card fields are
 * only typed here: each word is checked as a hand-written card is, row by row. The rest (the
 * schedule, the review log, groups, sessions, streak) is checked here, and a file that fails is
 * refused whole. Ids in the file only link its own parts together; nothing is saved under them.
 */

const instant = z.string().datetime({ offset: true });
const count = z.number().int().min(0);
const nonNegative = z.number().finite().min(0);
const state = z.number().int().min(0).max(3);
/** Typed only: the card's checks (`checkRows`) say what is wrong with a field. */
const cardText = z.string().max(10_000);
const optionalCardText = cardText.nullable().optional();

const wordSchema = z
  .object({
    id: z.string().uuid(),
    word: cardText,
    translation: cardText,
    ipa: optionalCardText,
    reading: optionalCardText,
    examples: z.array(z.object({ target: cardText, translation: cardText })).max(50),
    mnemonic: optionalCardText,
    synonyms: z.array(cardText).max(50),
    grammarType: optionalCardText,
    cefrLevel: optionalCardText,
    tags: z.array(cardText).max(50),
    isFavorite: z.boolean(),
    createdAt: instant,
    updatedAt: instant,
    interval: nonNegative,
    repetitions: count,
    easeFactor: z.number().finite(),
    nextReviewDate: instant,
    totalReviews: count,
    correctReviews: count,
    successRate: z.number().min(0).max(1),
    mastered: z.boolean(),
    stability: nonNegative,
    difficulty: z.number().finite(),
    state,
    lapses: count,
    learningSteps: count,
    lastReview: instant.nullable(),
  })
  .refine((w) => w.correctReviews <= w.totalReviews, { path: ['correctReviews'] });

const reviewSchema = z.object({
  wordId: z.string().uuid(),
  practiceType: z.enum(PRACTICE_TYPES),
  outcome: z.enum(REVIEW_OUTCOMES),
  responseTime: nonNegative,
  confidenceRating: z.number().int().min(1).max(5),
  rating: z.number().int().min(1).max(4),
  state,
  elapsedDays: nonNegative,
  scheduledDays: z.number().finite(),
  durationMs: count,
  reviewedAt: instant,
});

const sessionSchema = z.object({
  wordIds: z.array(z.string().uuid()).max(IMPORT_LIMITS.maxRows),
  startedAt: instant,
  expiresAt: instant,
  completedAt: instant.nullable(),
  wordsPracticed: count,
  correctCount: count,
  totalTimeSeconds: count,
  mode: z.enum(SESSION_MODES),
  streakAfter: count.nullable(),
});

const groupSchema = z.object({
  name: z
    .string()
    .max(GROUP_NAME_MAX_LENGTH)
    .refine((name) => name.trim() !== '' && isPlainText(name)),
  createdAt: instant,
  wordIds: z.array(z.string().uuid()).max(IMPORT_LIMITS.maxRows),
});

const backupSchema = z.object({
  exportedAt: instant,
  profile: z.object({ totalStudyTime: count }),
  words: z.array(wordSchema),
  reviewLog: z.array(reviewSchema),
  sessions: z.array(sessionSchema),
  groups: z.array(groupSchema),
  /** Backups made before the streak was written have none. */
  streak: z
    .object({
      current: count,
      lastStudyDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .nullable(),
    })
    .nullable()
    .optional(),
});
type Backup = z.infer<typeof backupSchema>;

/** One answer as the import saves it: the review log's columns, without ids. */
export type BackupReview = Omit<z.infer<typeof reviewSchema>, 'wordId'>;

/** What a backup brings to a word besides its card. */
export interface BackupWord {
  /** The word's id in the file: what its sessions name it by. */
  fileId: string;
  createdAt: string;
  updatedAt: string;
  isFavorite: boolean;
  schedule: WordSchedule;
  log: BackupReview[];
  /** The names of the groups it is in. */
  groups: string[];
}

/** A completed session, its words by the file's ids (the job finds the words they became). */
export type BackupSession = Omit<z.infer<typeof sessionSchema>, 'completedAt' | 'wordIds'> & {
  completedAt: string;
  words: string[];
};

/** What a backup brings besides its words: restored in the same transaction as the words. */
export interface BackupExtras {
  groups: { name: string; createdAt: string }[];
  sessions: BackupSession[];
  streak: { current: number; lastStudyDate: string | null } | null;
  totalStudyTime: number;
}

export interface BackupSourceResult {
  rows: (ImportRow & { backup: BackupWord })[];
  extras: BackupExtras;
}

/** Where in the file a problem is, as a learner who opened it would look for it: `words[3].state`. */
function place(path: PropertyKey[]): string {
  return path.reduce<string>(
    (at, key) =>
      typeof key === 'number' ? `${at}[${key}]` : at ? `${at}.${String(key)}` : String(key),
    '',
  );
}

function parse(bytes: Uint8Array): Backup {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(bytes));
  } catch (error) {
    if (error instanceof ApiError && error.message === IMPORT_TEXT.empty) throw error;
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.backupNotJson);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.backupWrongShape('it is not one object'));
  }
  const head = json as Record<string, unknown>;
  if (head.format !== undefined && head.format !== VERBA_BACKUP.format) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.backupWrongShape('format is not a Verba backup'));
  }
  // Files written before the version was are of the first version.
  if (head.version !== undefined && head.version !== VERBA_BACKUP.version) {
    throw new ApiError(
      'BAD_REQUEST',
      IMPORT_TEXT.backupWrongVersion(String(head.version).slice(0, 20)),
    );
  }
  if (Array.isArray(head.words) && head.words.length > IMPORT_LIMITS.maxRows) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.tooManyRows(head.words.length));
  }
  const parsed = backupSchema.safeParse(json);
  if (!parsed.success) {
    const where = place(parsed.error.issues[0]!.path);
    throw new ApiError(
      'BAD_REQUEST',
      IMPORT_TEXT.backupWrongShape(`${where || 'the file'} is missing or not valid`),
    );
  }
  return parsed.data;
}

const date = (value: string) => new Date(value);

/**
 * Reads a backup into rows (one per word, with its schedule, review log and groups) and the rest
 * of what it restores. A file that is not a backup of this version is refused with nothing read.
 */
export function readBackupSource(bytes: Uint8Array): BackupSourceResult {
  const backup = parse(bytes);
  const logOf = new Map<string, BackupReview[]>();
  for (const { wordId, ...review } of backup.reviewLog) {
    const log = logOf.get(wordId) ?? [];
    log.push(review);
    logOf.set(wordId, log);
  }
  const groupsOf = new Map<string, string[]>();
  for (const group of backup.groups) {
    for (const id of group.wordIds) groupsOf.set(id, [...(groupsOf.get(id) ?? []), group.name]);
  }
  const rows = backup.words.map((w, index): ImportRow & { backup: BackupWord } => ({
    line: index + 1,
    word: w.word,
    translation: w.translation,
    ...(w.ipa == null ? {} : { ipa: w.ipa }),
    ...(w.reading == null ? {} : { reading: w.reading }),
    ...(w.mnemonic == null ? {} : { notes: w.mnemonic }),
    ...(w.grammarType == null ? {} : { grammarType: w.grammarType }),
    ...(w.cefrLevel == null ? {} : { cefrLevel: w.cefrLevel }),
    examples: w.examples,
    synonyms: w.synonyms,
    tags: w.tags,
    backup: {
      fileId: w.id,
      createdAt: w.createdAt,
      updatedAt: w.updatedAt,
      isFavorite: w.isFavorite,
      schedule: {
        interval: w.interval,
        nextReviewDate: date(w.nextReviewDate),
        repetitions: w.repetitions,
        totalReviews: w.totalReviews,
        correctReviews: w.correctReviews,
        successRate: w.successRate,
        easeFactor: w.easeFactor,
        stability: w.stability,
        difficulty: w.difficulty,
        state: w.state as WordSchedule['state'],
        lapses: w.lapses,
        lastReview: w.lastReview === null ? null : date(w.lastReview),
        learningSteps: w.learningSteps,
        mastered: w.mastered,
      },
      log: logOf.get(w.id) ?? [],
      groups: groupsOf.get(w.id) ?? [],
    },
  }));
  return {
    rows,
    extras: {
      groups: backup.groups.map(({ name, createdAt }) => ({ name, createdAt })),
      // An unfinished session is practice in progress on the device that made it; only finished
      // ones are history.
      sessions: backup.sessions.flatMap(({ completedAt, wordIds, ...session }) =>
        completedAt === null ? [] : [{ ...session, completedAt, words: wordIds }],
      ),
      streak: backup.streak ?? null,
      totalStudyTime: backup.profile.totalStudyTime,
    },
  };
}
