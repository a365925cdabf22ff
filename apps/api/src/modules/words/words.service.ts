import { preparedStatements, schema, type Database } from '@verba/db';
import {
  AI_QUOTAS,
  WORD_TEXT,
  type GeneratedCard,
  type NewWord,
  type SessionUser,
  type Word,
  type WordChanges,
  type WordFilter,
  type WordList,
  type WordListQuery,
  type WordSort,
} from '@verba/shared';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { generateWordCard } from '../../ai/index.ts';
import type { Services } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { consumeRateLimit } from '../../lib/rate-limit.ts';
import { getProfile } from '../profile/profile.service.ts';

const words = schema.words;

/** The columns a word is shown with; the review state stays in the database. */
const WORD_COLUMNS = {
  id: words.id,
  word: words.word,
  translation: words.translation,
  ipa: words.ipa,
  reading: words.reading,
  examples: words.examples,
  mnemonic: words.mnemonic,
  synonyms: words.synonyms,
  grammarType: words.grammarType,
  cefrLevel: words.cefrLevel,
  tags: words.tags,
  isFavorite: words.isFavorite,
  mastered: words.mastered,
  createdAt: words.createdAt,
  nextReviewDate: words.nextReviewDate,
};
type WordRow = Pick<typeof words.$inferSelect, keyof typeof WORD_COLUMNS>;

/** The one place a database row becomes the API's word. */
export function toWord(row: WordRow): Word {
  return {
    id: row.id,
    word: row.word,
    translation: row.translation,
    ipa: row.ipa,
    reading: row.reading,
    examples: row.examples,
    mnemonic: row.mnemonic,
    synonyms: row.synonyms,
    grammarType: row.grammarType,
    cefrLevel: row.cefrLevel as Word['cefrLevel'],
    themes: row.tags,
    isFavorite: row.isFavorite,
    mastered: row.mastered,
    createdAt: row.createdAt.toISOString(),
    nextReviewDate: row.nextReviewDate.toISOString(),
  };
}

const statements = preparedStatements((db) => ({
  byId: db
    .select(WORD_COLUMNS)
    .from(words)
    .where(and(eq(words.id, sql.placeholder('id')), eq(words.userId, sql.placeholder('userId'))))
    .prepare('word_by_id'),
  bySpelling: db
    .select({ id: words.id })
    .from(words)
    .where(
      and(
        eq(words.userId, sql.placeholder('userId')),
        eq(sql`lower(${words.word})`, sql`lower(${sql.placeholder('word')})`),
      ),
    )
    .prepare('word_by_spelling'),
}));

export async function getWord(db: Database, user: SessionUser, id: string): Promise<Word> {
  const [row] = await statements(db).byId.execute({ id, userId: user.id });
  if (!row) throw new ApiError('NOT_FOUND', 'Word not found');
  return toWord(row);
}

function duplicateError(existingId: string): ApiError {
  return new ApiError('CONFLICT', WORD_TEXT.duplicate, {
    issues: [{ path: 'word', message: WORD_TEXT.duplicate }],
    resourceId: existingId,
  });
}

/** 409 with the existing card's id when the learner already has this word, in any case. */
async function refuseDuplicate(db: Database, userId: string, word: string, exceptId?: string) {
  const [existing] = await statements(db).bySpelling.execute({ userId, word });
  if (existing && existing.id !== exceptId) throw duplicateError(existing.id);
}

const FILTERS: Record<WordFilter, SQL | undefined> = {
  all: undefined,
  learning: eq(words.mastered, false),
  mastered: eq(words.mastered, true),
  favorites: eq(words.isFavorite, true),
};

const ORDERS: Record<WordSort, SQL[]> = {
  recent: [desc(words.createdAt), desc(words.id)],
  // lower(word) is unique per learner: no tie to break.
  alphabetical: [asc(sql`lower(${words.word})`)],
  review: [asc(words.nextReviewDate), asc(words.id)],
};

/** `%` and `_` in what a learner types are letters, not wildcards. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The statements of a list: one page, and the count of matches when the profile's counters
 * cannot give it (a search, or favorites). Every condition starts with the learner's id, so the
 * (user_id, …) indexes keep other learners' rows out of the scan (words.pg.int.test.ts checks
 * the plans).
 */
export function wordListStatements(db: Database, user: SessionUser, query: WordListQuery) {
  const search = query.search
    ? or(
        ilike(words.word, containsPattern(query.search)),
        ilike(words.translation, containsPattern(query.search)),
      )
    : undefined;
  const matching = and(eq(words.userId, user.id), FILTERS[query.filter], search);
  const page = db
    .select(WORD_COLUMNS)
    .from(words)
    .where(matching)
    .orderBy(...ORDERS[query.sort])
    .limit(query.limit)
    .offset(query.offset);
  const countsFromProfile = !search && query.filter !== 'favorites';
  const count = countsFromProfile
    ? undefined
    : db
        .select({ n: sql<number>`count(*)::int` })
        .from(words)
        .where(matching);
  return { page, count };
}

/**
 * One page of the collection, with the exact count of matches and the collection's totals. The
 * totals are the profile's counters, which every save, delete and mastery change keeps in the
 * same transaction; counting thousands of rows on every page would cost more than the page.
 */
export async function listWords(
  db: Database,
  user: SessionUser,
  query: WordListQuery,
): Promise<WordList> {
  const statements = wordListStatements(db, user, query);
  const rows = await statements.page;
  const { totalWords, masteredWords } = await getProfile(db, user);
  const byFilter = {
    all: totalWords,
    learning: totalWords - masteredWords,
    mastered: masteredWords,
  } as const;
  const total = statements.count
    ? ((await statements.count)[0]?.n ?? 0)
    : byFilter[query.filter as keyof typeof byFilter];
  return {
    words: rows.map(toWord),
    total,
    collection: { words: totalWords, mastered: masteredWords },
  };
}

/**
 * Saves a card. The client makes the id, so saving again after a lost answer returns the word
 * saved the first time instead of a second copy. The profile's word count moves with it.
 */
export async function createWord(
  services: Pick<Services, 'db' | 'events'>,
  user: SessionUser,
  input: NewWord,
): Promise<{ word: Word; created: boolean }> {
  const { db } = services;
  const [mine] = await statements(db).byId.execute({ id: input.id, userId: user.id });
  if (mine) return { word: toWord(mine), created: false };
  await refuseDuplicate(db, user.id, input.word);
  const inserted = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(words)
        .values({
          id: input.id,
          userId: user.id,
          word: input.word,
          translation: input.translation,
          ipa: input.ipa,
          reading: input.reading,
          examples: input.examples,
          mnemonic: input.mnemonic,
          synonyms: input.synonyms,
          grammarType: input.grammarType,
          cefrLevel: input.cefrLevel,
          tags: input.themes,
        })
        .onConflictDoNothing({ target: words.id })
        .returning();
      if (row) {
        await tx
          .update(schema.profiles)
          .set({ totalWords: sql`${schema.profiles.totalWords} + 1` })
          .where(eq(schema.profiles.id, user.id));
      }
      return row;
    })
    .catch((error: unknown) => {
      // Two saves of the same word at once: the unique index decides, the loser gets the 409.
      if (isUniqueViolation(error, 'words_user_word_lower_idx')) return 'duplicate' as const;
      throw error;
    });
  if (inserted === 'duplicate') {
    await refuseDuplicate(db, user.id, input.word);
    throw new ApiError('CONFLICT', WORD_TEXT.duplicate);
  }
  if (!inserted) {
    // The id is taken, and not by this learner's word (checked above).
    throw new ApiError('CONFLICT', 'This id is already in use; make a new one');
  }
  // Word grouping and live updates listen for this.
  await services.events.publish({ userId: user.id, kind: 'words.changed', id: inserted.id });
  return { word: toWord(inserted), created: true };
}

export async function updateWord(
  services: Pick<Services, 'db' | 'events'>,
  user: SessionUser,
  id: string,
  patch: WordChanges,
): Promise<Word> {
  const { db } = services;
  if (patch.word !== undefined) await refuseDuplicate(db, user.id, patch.word, id);
  const { themes, ...fields } = patch;
  const [row] = await db
    .update(words)
    .set({ ...fields, ...(themes ? { tags: themes } : {}), updatedAt: new Date() })
    .where(and(eq(words.id, id), eq(words.userId, user.id)))
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'words_user_word_lower_idx')) {
        throw new ApiError('CONFLICT', WORD_TEXT.duplicate);
      }
      throw error;
    });
  if (!row) throw new ApiError('NOT_FOUND', 'Word not found');
  await services.events.publish({ userId: user.id, kind: 'words.changed', id });
  return toWord(row);
}

export async function deleteWord(
  services: Pick<Services, 'db' | 'events'>,
  user: SessionUser,
  id: string,
): Promise<void> {
  const deleted = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(words)
      .where(and(eq(words.id, id), eq(words.userId, user.id)))
      .returning({ mastered: words.mastered });
    if (!row) return false;
    const p = schema.profiles;
    await tx
      .update(p)
      .set({
        totalWords: sql`greatest(${p.totalWords} - 1, 0)`,
        ...(row.mastered ? { masteredWords: sql`greatest(${p.masteredWords} - 1, 0)` } : {}),
      })
      .where(eq(p.id, user.id));
    return true;
  });
  if (!deleted) throw new ApiError('NOT_FOUND', 'Word not found');
  await services.events.publish({ userId: user.id, kind: 'words.changed', id });
}

/**
 * Writes a card for a word with the AI provider, in the learner's languages. Nothing is saved:
 * the learner reads the card first. A word already in the collection is refused before any AI
 * call, and every call counts against the learner's quotas.
 */
export async function generateCard(
  services: Pick<Services, 'db' | 'ai' | 'env' | 'clock'>,
  user: SessionUser,
  word: string,
  abortSignal?: AbortSignal,
): Promise<GeneratedCard> {
  const { db, ai, env } = services;
  await refuseDuplicate(db, user.id, word);
  const profile = await getProfile(db, user);
  const now = services.clock();
  await consumeRateLimit(db, `ai:word:${user.id}`, AI_QUOTAS.wordGeneration, now);
  await consumeRateLimit(
    db,
    `ai:day:${user.id}`,
    { max: env.AI_DAILY_LIMIT, windowSeconds: 86_400 },
    now,
  );
  return generateWordCard(
    { word, nativeLanguage: profile.nativeLanguage, targetLanguage: profile.targetLanguage },
    { ai, ...(abortSignal ? { abortSignal } : {}) },
  );
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
