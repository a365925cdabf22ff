import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.ts';
import { FLASHCARD_DIRECTIONS, ITEM_TYPES, PRACTICE_LIMITS, SESSION_MODES } from './practice.ts';
import { text as plainText } from './text.schema.ts';

/**
 * Practice: the daily feed session and infinity rounds (spec §2 "Feed", "Infinity practice",
 * "Practice cards", §4 "Feed session selection", "Practice flow"). The server is the authority:
 * it picks the words, builds and stores the items, checks every answer and keeps the score. The
 * screens render what it returns and send what the learner did.
 */

/** What a practice card shows of a word. */
export const practiceWordSchema = z.object({
  id: z.string().uuid(),
  word: z.string(),
  translation: z.string(),
  ipa: z.string().nullable(),
  reading: z.string().nullable(),
  /** The language being learned, for speech. */
  language: z.enum(LANGUAGE_CODES),
  /** The native language of the translation. */
  translationLanguage: z.enum(LANGUAGE_CODES),
  examples: z.array(z.object({ target: z.string(), translation: z.string() })).max(2),
  mastered: z.boolean(),
});
export type PracticeWord = z.infer<typeof practiceWordSchema>;

export const practiceItemSchema = z.object({
  /** Position in the session; answers name the item by it. */
  index: z.number().int().min(0),
  wordId: z.string().uuid(),
  type: z.enum(ITEM_TYPES),
  /** Flashcards only; null for quiz and spelling. */
  direction: z.enum(FLASHCARD_DIRECTIONS).nullable(),
  /** Quiz only: the four translations to choose from, shuffled; null otherwise. */
  options: z.array(z.string()).nullable(),
  completed: z.boolean(),
  /** Null until answered. */
  correct: z.boolean().nullable(),
});
export type PracticeItem = z.infer<typeof practiceItemSchema>;

export const sessionSummarySchema = z.object({
  wordsPracticed: z.number().int(),
  correctCount: z.number().int(),
  /** Whole percent of items answered correctly. */
  accuracy: z.number().int().min(0).max(100),
  totalTimeSeconds: z.number().int(),
  /** The learner's streak after this session, in days. */
  currentStreak: z.number().int(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const practiceSessionSchema = z.object({
  id: z.string().uuid(),
  mode: z.enum(SESSION_MODES),
  words: z.array(practiceWordSchema),
  items: z.array(practiceItemSchema),
  startedAt: z.string(),
  expiresAt: z.string(),
  completedAt: z.string().nullable(),
  /** Present once every item is answered. */
  summary: sessionSummarySchema.nullable(),
});
export type PracticeSession = z.infer<typeof practiceSessionSchema>;

/**
 * GET /api/practice/offline-words: what a device keeps to start practice offline (decision 048):
 * the learner's words due soonest, each with what the item builder reads (its repetitions) and
 * when it is due, oldest due first. Distractors are drawn from these words' translations.
 */
export const wordOnDeviceSchema = practiceWordSchema.extend({
  repetitions: z.number().int(),
  nextReviewDate: z.string(),
});
export type WordOnDevice = z.infer<typeof wordOnDeviceSchema>;

export const wordsOnDeviceSchema = z.object({ words: z.array(wordOnDeviceSchema) });
export type WordsOnDevice = z.infer<typeof wordsOnDeviceSchema>;

/**
 * What the feed shows (spec §4 "Feed session selection"), read without changing anything:
 * - `no-words`: "Let's start learning!"
 * - `session`: an unfinished, unexpired daily session to resume
 * - `quick-review`: the last session ended within 60 minutes and words are due
 * - `due`: words are due and no session is open; the client starts one
 * - `caught-up`: nothing due ("All caught up!")
 */
export const feedStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no-words') }),
  z.object({ kind: z.literal('session'), session: practiceSessionSchema }),
  z.object({
    kind: z.literal('quick-review'),
    dueCount: z.number().int(),
    /** Of those, new words answered in a session but never right: practised again, not due again. */
    practiseAgainCount: z.number().int(),
  }),
  z.object({ kind: z.literal('due'), dueCount: z.number().int() }),
  z.object({ kind: z.literal('caught-up'), nextReviewDate: z.string().nullable() }),
]);
export type FeedState = z.infer<typeof feedStateSchema>;

/**
 * Zone names already checked, with their canonical spelling (Intl accepts any letter case):
 * building a formatter to check one costs more than a request.
 */
const checkedTimeZones = new Map<string, string>();

/** The canonical IANA name of a time zone, or null when there is no such zone. */
export function canonicalTimeZone(zone: string): string | null {
  const known = checkedTimeZones.get(zone);
  if (known) return known;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  // There are about 600 zones; the cap keeps odd spellings from growing the map without end.
  if (checkedTimeZones.size < 2_000) checkedTimeZones.set(zone, canonical);
  return canonical;
}

/** An IANA time zone name from the browser (Intl), checked on the server and stored canonical. */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => canonicalTimeZone(zone) !== null, { message: 'Unknown time zone' })
  .transform((zone) => canonicalTimeZone(zone) ?? zone);

/**
 * POST /api/practice/sessions. `id` is generated by the client so a retried start is a no-op.
 * A daily start resumes the open session if there is one; with nothing due it is a 409.
 * An infinity start with no words is a 409 too ("No Words Available").
 */
export const startSessionSchema = z
  .object({
    id: z.string().uuid(),
    mode: z.enum(SESSION_MODES),
    timeZone: timeZoneSchema,
    /** Infinity only: practise the words of one group. */
    groupId: z.string().uuid().nullable().default(null),
  })
  .strict();
export type StartSessionInput = z.input<typeof startSessionSchema>;

export const answerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('flashcard'), knew: z.boolean() }).strict(),
  z
    .object({
      type: z.literal('multiple-choice'),
      optionIndex: z
        .number()
        .int()
        .min(0)
        .max(PRACTICE_LIMITS.quizOptions - 1),
    })
    .strict(),
  z
    .object({
      type: z.literal('spelling'),
      // An empty answer cannot be submitted (spec §4 "Practice cards").
      text: plainText().min(1).max(PRACTICE_LIMITS.spellingMaxLength),
    })
    .strict(),
]);
export type Answer = z.infer<typeof answerSchema>;

/**
 * POST /api/practice/sessions/:id/answers. `id` is generated by the client: a replayed answer is
 * counted once and returns the first result.
 */
export const submitAnswerSchema = z
  .object({
    id: z.string().uuid(),
    itemIndex: z
      .number()
      .int()
      .min(0)
      .max(
        PRACTICE_LIMITS.infinityWords *
          PRACTICE_LIMITS.itemsPerWord(PRACTICE_LIMITS.infinityWords) -
          1,
      ),
    answer: answerSchema,
    /** Measured by the client; capped on the server. */
    responseTimeMs: z.number().int().min(0),
  })
  .strict();
export type SubmitAnswerInput = z.infer<typeof submitAnswerSchema>;

/**
 * What an answer changed: the client holds the session, and a round of 80 items is some 18 kB
 * that a phone would otherwise download again with every answer. `applyAnswer` folds it into the
 * session. A request with `Prefer: return=minimal` (RFC 7240), as the web app sends, gets only
 * this; any other also gets the whole session after the answer, as earlier versions of the app
 * expect.
 */
export const answerResultSchema = z.object({
  correct: z.boolean(),
  /** What the right answer was, to show after a wrong one. */
  expected: z.string(),
  /** Words whose schedule this answer completed and that became mastered ('Word Mastered'). */
  masteredWords: z.array(z.object({ id: z.string().uuid(), word: z.string() })),
  /** The answered item, completed. */
  item: practiceItemSchema,
  /** Its word as the session now shows it: a finished word may have become mastered, or not. */
  word: practiceWordSchema.nullable(),
  /** Set when this answer was the session's last. */
  completedAt: z.string().nullable(),
  summary: sessionSummarySchema.nullable(),
  /** The session after this answer, unless the request preferred a minimal return. */
  session: practiceSessionSchema.optional(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

/**
 * POST /api/practice/sessions/:id/undo: takes back the learner's last answer of a session on its
 * day, with everything it changed (the word's schedule, mastered words, the review log; for the
 * answer that completed the session, the completion: streak, study time, summary). Undoing an
 * answer already undone changes nothing and returns the session as it is.
 */
export const undoAnswerSchema = z.object({ answerId: z.string().uuid() }).strict();
export type UndoAnswerInput = z.infer<typeof undoAnswerSchema>;
