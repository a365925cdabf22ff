/**
 * Practice away from the server: limits and texts of the outbox a device keeps while offline and
 * sends when it can (`POST /api/practice/sync`), without the schema library.
 */

export const SYNC_LIMITS = {
  /** Entries in one request: 500 answers with the starts and completions of their sessions. */
  batchEntries: 1_000,
  /** The largest sync request: 500 answers with their sessions come to about 200 KB. */
  maxBodyBytes: 512 * 1024,
  /** How far ahead of the server's clock an entry's time may be (device clocks drift). */
  clockSkewMs: 5 * 60 * 1000,
  /** Entries older than this are refused: the answer is too old to schedule from. */
  maxAgeDays: 30,
  /** Entries a device keeps waiting at most. */
  outboxEntries: 10_000,
} as const;

export const SYNC_ENTRY_KINDS = ['start', 'answer', 'complete'] as const;
export type SyncEntryKind = (typeof SYNC_ENTRY_KINDS)[number];

/**
 * What happened to one entry: applied now, applied by an earlier request (a retry), applied
 * without effect because its word was deleted meanwhile, or refused with a reason.
 */
export const SYNC_STATUSES = ['applied', 'duplicate', 'dropped', 'refused'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** Why the server refused an entry of a sync batch. */
export const SYNC_ERROR_TEXT = {
  future: 'This entry is dated in the future; check the device clock',
  tooOld: 'This entry is more than 30 days old and can no longer be counted',
  foreignWord: 'This session names a word that is not yours',
  wordCount: 'A session has 1 to 5 due words, or 1 to 20 words in infinity mode, each once',
  itemPlan: 'The items do not follow the practice rules for these words',
  notComplete: 'This session still has unanswered items',
  wordDeleted: 'The word was deleted: the answer was not counted',
} as const;
