import { randomUUID } from 'node:crypto';
import { schema, type Database } from '@verba/db';
import { createWordInputSchema, type GeneratedCard, type LanguageCode } from '@verba/shared';
import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  AiError,
  dailyAiQuota,
  dailyAiQuotaKey,
  generateWordCard,
  type AiProvider,
} from '../../ai/index.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Events } from '../../lib/events.ts';
import type { Logger } from '../../lib/logger.ts';
import { periodicJob } from '../../lib/periodic-job.ts';
import { currentWindow } from '../../lib/rate-limit.ts';

/**
 * Imported words get the rest of their cards from the AI, off the request path
 * (docs/decisions/058). An import queues its words in `word_enrichments`; every process works the
 * queue one learner at a time, a few words at once, claiming rows so that a word is completed
 * once however many processes run. The AI's card is checked as a hand-added card is, and fills
 * only the fields that are still empty when it is written: what the learner typed meanwhile stays.
 */

const queue = schema.wordEnrichments;
const words = schema.words;

export const ENRICHMENT = {
  /** Words a process claims from one learner's queue at a time. */
  batch: 10,
  /** Words of that batch asked of the provider at once. */
  concurrency: 2,
  /**
   * The share of the learner's daily AI quota the queue may spend; the rest stays for what the
   * learner asks for themselves (a card, suggestions, groups) on a day a large import is completed.
   */
  quotaShare: 0.8,
  /** A claim's lease: a process that dies with words claimed leaves them to others after this. */
  leaseMs: 5 * 60_000,
  /** How long a learner's words wait after the provider failed (down, rate limiting, timing out). */
  retryAfterFailureMs: 15 * 60_000,
  /** How often every process looks for due words (after a restart, the next day, a lease over). */
  pollMs: 60_000,
} as const;

const DAY_MS = 86_400_000;

/** Calls a word may take: one, and one retry after an answer that failed its checks. */
const CALLS_PER_WORD = 2;

export interface WordEnrichmentDeps {
  db: Database;
  ai: AiProvider;
  env: Pick<Env, 'AI_DAILY_LIMIT'>;
  events: Events;
  logger: Logger;
  clock: () => Date;
}

export interface WordEnrichment {
  /** Works the queue soon (an import just queued words). */
  kick: () => void;
  /** Works every due word now; resolves when none is left (tests, and `kick`). */
  runNow: () => Promise<void>;
  /** Stops polling and waits for the words under way. */
  stop: () => Promise<void>;
}

/** Words queued per statement: each is a short transaction of its own. */
const QUEUE_CHUNK = 1000;

/**
 * Queues the learner's imported words for the AI and starts working them; only with a provider,
 * so without one they are complete as they are. Queued after the import's own transaction, in
 * short steps, so a large import does not hold the embedded database any longer (a process that
 * dies in between leaves those words as imported).
 */
export async function queueEnrichment(
  { db, ai, enrichment }: { db: Database; ai: AiProvider; enrichment: WordEnrichment },
  userId: string,
  wordIds: string[],
  now: Date,
): Promise<void> {
  if (!ai.configured) return;
  for (let start = 0; start < wordIds.length; start += QUEUE_CHUNK) {
    const ids = wordIds.slice(start, start + QUEUE_CHUNK);
    await db.execute(sql`insert into ${queue} (word_id, user_id, queued_at, due_at)
      select id, ${userId}, ${now}::timestamptz, ${now}::timestamptz
        from unnest(${`{${ids.join(',')}}`}::uuid[]) as id
      on conflict do nothing`);
    // The first words are worked while the rest are queued.
    if (start === 0) enrichment.kick();
  }
}

/** How many of the learner's words wait for the AI (My Words shows it while there are any). */
export async function pendingEnrichment(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(queue).where(eq(queue.userId, userId));
  return row?.n ?? 0;
}

/** What the queue does with one word: done (completed or given up on) or stop the learner's turn. */
type Outcome = 'done' | { wait: Date };

export function createWordEnrichment(
  deps: WordEnrichmentDeps,
  { pollMs = ENRICHMENT.pollMs }: { pollMs?: number } = {},
): WordEnrichment {
  const { ai, logger } = deps;
  let again = false;
  const job = periodicJob(
    'imported words enrichment',
    async () => {
      do {
        again = false;
        await workDueWords(deps);
      } while (again);
    },
    pollMs,
    logger,
  );
  return {
    kick: () => {
      if (!ai.configured) return;
      again = true;
      void job.runNow();
    },
    runNow: async () => {
      if (!ai.configured) return;
      // A run under way may have read the queue before the words now due were there.
      again = true;
      await job.runNow();
    },
    stop: job.stop,
  };
}

/** The learner whose words have waited longest, among those due now. */
async function dueLearner(db: Database, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: queue.userId })
    .from(queue)
    .where(lte(queue.dueAt, now))
    .orderBy(asc(queue.dueAt))
    .limit(1);
  return row?.userId;
}

async function workDueWords(deps: WordEnrichmentDeps): Promise<void> {
  if (!deps.ai.configured) return;
  for (;;) {
    const userId = await dueLearner(deps.db, deps.clock());
    if (!userId) return;
    if (!(await workLearner(deps, userId))) return;
  }
}

/**
 * How many words the learner's daily AI quota leaves the queue room for now (each may take
 * `CALLS_PER_WORD` calls, so the queue never spends more than its share), and when the quota's
 * window ends.
 */
async function quotaRoom(
  deps: WordEnrichmentDeps,
  userId: string,
): Promise<{ words: number; until: Date }> {
  const now = deps.clock();
  const window = await currentWindow(deps.db, dailyAiQuotaKey(userId), now);
  const budget = Math.floor(deps.env.AI_DAILY_LIMIT * ENRICHMENT.quotaShare);
  const left = budget - (window?.count ?? 0);
  return {
    words: Math.max(0, Math.floor(left / CALLS_PER_WORD)),
    until: window?.windowEndsAt ?? new Date(now.getTime() + DAY_MS),
  };
}

/**
 * One turn of one learner: claims as many of their due words as the batch and their quota allow,
 * and completes them a few at a time. Answers whether the turn moved the learner's queue on
 * (another process may have claimed every due word first).
 */
async function workLearner(deps: WordEnrichmentDeps, userId: string): Promise<boolean> {
  const { db, clock } = deps;
  const now = clock();
  const room = await quotaRoom(deps, userId);
  if (room.words === 0) {
    // The quota's share is spent: the learner's words wait for its next day.
    await release(db, userId, null, room.until, now);
    return true;
  }
  const claim = randomUUID();
  const claimed = (await db.execute(sql`update ${queue}
      set claim = ${claim}, due_at = ${new Date(now.getTime() + ENRICHMENT.leaseMs)}::timestamptz
    where word_id in (select word_id from ${queue}
                       where user_id = ${userId} and due_at <= ${now}::timestamptz
                       order by queued_at, word_id
                       limit ${Math.min(ENRICHMENT.batch, room.words)}
                       for update skip locked)
    returning word_id`)) as unknown as { rows: { word_id: string }[] };
  const pending = claimed.rows.map((r) => r.word_id);
  if (pending.length === 0) return false;

  const [profile] = await db
    .select({ native: schema.profiles.nativeLanguage, target: schema.profiles.targetLanguage })
    .from(schema.profiles)
    .where(eq(schema.profiles.id, userId));
  let wait: Date | undefined;
  let finished = 0;
  const worker = async () => {
    while (wait === undefined && pending.length > 0) {
      const wordId = pending.shift()!;
      const outcome = await completeWord(deps, userId, wordId, claim, profile);
      if (outcome === 'done') finished++;
      else wait = outcome.wait;
    }
  };
  await Promise.all(Array.from({ length: ENRICHMENT.concurrency }, worker));
  // Words not reached wait for the quota's next day or the provider's return; none are left
  // claimed otherwise.
  await release(db, userId, claim, wait ?? clock(), clock());
  if (finished > 0) await deps.events.publish({ userId, kind: 'words.completed' });
  return true;
}

/**
 * Makes the learner's words due at `dueAt`: those under `claim`, or with none, every word no
 * process holds (unclaimed, or claimed under a lease that ran out).
 */
async function release(db: Database, userId: string, claim: string | null, dueAt: Date, now: Date) {
  await db
    .update(queue)
    .set({ claim: null, dueAt })
    .where(
      and(
        eq(queue.userId, userId),
        claim === null ? or(isNull(queue.claim), lte(queue.dueAt, now)) : eq(queue.claim, claim),
      ),
    );
}

async function completeWord(
  deps: WordEnrichmentDeps,
  userId: string,
  wordId: string,
  claim: string,
  profile: { native: string; target: string } | undefined,
): Promise<Outcome> {
  const { db, clock, logger } = deps;
  const [word] = await db
    .select({ word: words.word })
    .from(words)
    .where(and(eq(words.id, wordId), eq(words.userId, userId)));
  if (!word || !profile) {
    await finish(db, wordId, claim, null);
    return 'done';
  }
  let card: GeneratedCard;
  try {
    card = await generateWordCard(
      {
        word: word.word,
        nativeLanguage: profile.native as LanguageCode,
        targetLanguage: profile.target as LanguageCode,
      },
      { ai: deps.ai, countCall: dailyAiQuota(deps, userId) },
      'import',
    );
  } catch (error) {
    // The learner's own requests spent the quota meanwhile: the rest waits for the next day.
    if (error instanceof ApiError && error.code === 'TOO_MANY_REQUESTS') {
      const window = await currentWindow(db, dailyAiQuotaKey(userId), clock());
      return { wait: window?.windowEndsAt ?? new Date(clock().getTime() + DAY_MS) };
    }
    if (error instanceof AiError && error.kind === 'invalid_output') {
      // Two answers that failed their checks: nothing is stored, and the word stays as imported.
      logger.warn({ wordId, issues: error.issues }, 'imported word left as it was');
      await finish(db, wordId, claim, null);
      return 'done';
    }
    logger.warn({ err: error, wordId }, 'word enrichment waits for the AI provider');
    return { wait: new Date(clock().getTime() + ENRICHMENT.retryAfterFailureMs) };
  }
  // The card a learner would save by hand from this answer, checked as that save checks it.
  const checked = createWordInputSchema.safeParse({ ...card, id: wordId, word: word.word });
  if (!checked.success) {
    logger.warn({ wordId, issues: checked.error.issues }, 'imported word left as it was');
    await finish(db, wordId, claim, null);
    return 'done';
  }
  await finish(db, wordId, claim, checked.data);
  return 'done';
}

type CheckedCard = ReturnType<typeof createWordInputSchema.parse>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const textArray = (values: string[]) =>
  sql`array(select jsonb_array_elements_text(${json(values)}))`;

/**
 * Takes the word off the queue (only under this claim: a lease that ran out and was claimed again
 * is the other process's to finish) and fills the fields of its card that are still empty, in
 * one statement, so an edit the learner saved meanwhile is kept.
 */
async function finish(db: Database, wordId: string, claim: string, card: CheckedCard | null) {
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(queue)
      .where(and(eq(queue.wordId, wordId), eq(queue.claim, claim)))
      .returning({ userId: queue.userId });
    if (!taken || !card) return;
    const fill = (column: AnyPgColumn, value: string | null) => sql`coalesce(${column}, ${value})`;
    await tx
      .update(words)
      .set({
        translation: sql`case when ${words.translation} = '' then ${card.translation} else ${words.translation} end`,
        ipa: fill(words.ipa, card.ipa),
        reading: fill(words.reading, card.reading),
        mnemonic: fill(words.mnemonic, card.mnemonic),
        grammarType: fill(words.grammarType, card.grammarType),
        cefrLevel: fill(words.cefrLevel, card.cefrLevel),
        examples: sql`case when jsonb_array_length(${words.examples}) = 0 then ${json(card.examples)} else ${words.examples} end`,
        synonyms: sql`case when cardinality(${words.synonyms}) = 0 then ${textArray(card.synonyms)} else ${words.synonyms} end`,
        tags: sql`case when cardinality(${words.tags}) = 0 then ${textArray(card.themes)} else ${words.tags} end`,
      })
      .where(and(eq(words.id, wordId), eq(words.userId, taken.userId)));
  });
}
