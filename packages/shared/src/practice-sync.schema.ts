import { z } from 'zod';
import { FLASHCARD_DIRECTIONS, ITEM_TYPES, PRACTICE_LIMITS, SESSION_MODES } from './practice.ts';
import { answerSchema, sessionSummarySchema, timeZoneSchema } from './practice.schema.ts';
import { SYNC_ENTRY_KINDS, SYNC_LIMITS, SYNC_STATUSES } from './practice-sync.ts';

/**
 * POST /api/practice/sync: what a device did while it could not reach the server, in the order it
 * happened. Every entry has an id made by the device (a UUIDv7), the time it happened on the
 * device and the learner's time zone then; the server applies each at most once.
 */
const entryBase = {
  id: z.string().uuid(),
  /** When it happened, by the device's clock (ISO 8601 with offset). */
  at: z.string().datetime({ offset: true }),
  timeZone: timeZoneSchema,
};

/** One item of a session built on the device (by `buildItems`). */
export const builtItemSchema = z
  .object({
    wordId: z.string().uuid(),
    type: z.enum(ITEM_TYPES),
    direction: z.enum(FLASHCARD_DIRECTIONS).nullable(),
    options: z.array(z.string().max(500)).length(PRACTICE_LIMITS.quizOptions).nullable(),
    correctOption: z
      .number()
      .int()
      .min(0)
      .max(PRACTICE_LIMITS.quizOptions - 1)
      .nullable(),
  })
  .strict();

export const syncEntrySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('start'),
      ...entryBase,
      mode: z.enum(SESSION_MODES),
      /** The session's words, as the device picked them. */
      wordIds: z.array(z.string().uuid()).min(1).max(PRACTICE_LIMITS.infinityWords),
      items: z
        .array(builtItemSchema)
        .max(
          PRACTICE_LIMITS.infinityWords *
            PRACTICE_LIMITS.itemsPerWord(PRACTICE_LIMITS.infinityWords),
        ),
    })
    .strict(),
  z
    .object({
      kind: z.literal('answer'),
      ...entryBase,
      sessionId: z.string().uuid(),
      itemIndex: z.number().int().min(0),
      answer: answerSchema,
      responseTimeMs: z.number().int().min(0),
    })
    .strict(),
  z.object({ kind: z.literal('complete'), ...entryBase, sessionId: z.string().uuid() }).strict(),
]);
export type SyncEntry = z.infer<typeof syncEntrySchema>;

/**
 * The batch: each entry is checked on its own, so one bad entry is refused with its reason and
 * the others still apply.
 */
export const syncBatchSchema = z
  .object({
    entries: z
      .array(z.unknown().describe('An outbox entry: `syncEntrySchema` (start, answer or complete)'))
      .min(1)
      .max(SYNC_LIMITS.batchEntries),
  })
  .strict();

export const syncResultSchema = z.object({
  /** The entry's id; null when the entry was too malformed to have one. */
  id: z.string().nullable(),
  kind: z.enum(SYNC_ENTRY_KINDS).nullable(),
  status: z.enum(SYNC_STATUSES),
  /** Why it was refused or dropped. */
  reason: z.string().nullable(),
  /** Answers: whether it was right. */
  correct: z.boolean().nullable(),
  /** The session's summary when this entry completed it (or a completion finds it complete). */
  summary: sessionSummarySchema.nullable(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncResponseSchema = z.object({
  results: z.array(syncResultSchema),
  /** Answers counted for nothing because their word was deleted meanwhile. */
  dropped: z.number().int(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;
