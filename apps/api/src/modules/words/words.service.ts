import { preparedStatements, schema, type Database, type Executor } from '@verba/db';
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
import { and, asc, desc, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { dailyAiQuota, generateWordCard } from '../../ai/index.ts';
import type { Services } from '../../app-env.ts';
import { isDatabaseError, PG_ERROR } from '../../lib/database-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import type { JsonText } from '../../lib/openapi.ts';
import { formatWait } from '../../lib/rate-limit.ts';
import { withSuccessQuota } from '../../lib/success-quota.ts';
import { keepDeleted, takeDeleted, writableColumns } from '../deleted-items/deleted-items.ts';
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
  // Words whose keys compare equal ('der See', 'die See') keep one order by id.
  alphabetical: [asc(sql`${words.sortKey} collate ${schema.WORD_COLLATION}`), asc(words.id)],
  review: [asc(words.nextReviewDate), asc(words.id)],
};

/** `%` and `_` in what a learner types are letters, not wildcards. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A timestamp as the API writes every date: `toISOString()`'s format, in UTC. */
const isoTimestamp = (column: AnyPgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A row as the API's word, built by the database: the same fields `toWord` writes, as columns
 * named like the JSON's keys. `json_agg` of such rows costs the database about a fifth less than
 * a `json_build_object` per word (which works out each value's type again on every row), and
 * writes no space around the colons.
 */
const WORD_ROW = sql`${words.id} as "id", ${words.word} as "word",
  ${words.translation} as "translation", ${words.ipa} as "ipa", ${words.reading} as "reading",
  ${words.examples} as "examples", ${words.mnemonic} as "mnemonic", ${words.synonyms} as "synonyms",
  ${words.grammarType} as "grammarType", ${words.cefrLevel} as "cefrLevel", ${words.tags} as "themes",
  ${words.isFavorite} as "isFavorite", ${words.mastered} as "mastered",
  ${isoTimestamp(words.createdAt)} as "createdAt",
  ${isoTimestamp(words.nextReviewDate)} as "nextReviewDate"`;

/** What makes two lists the same statement; the values go in as parameters. */
interface ListShape {
  filter: WordFilter;
  sort: WordSort;
  searched: boolean;
}

/** A list's parameters: placeholders in its prepared statement, bound by `listValues`. */
const LIST = {
  userId: sql.placeholder('userId'),
  pattern: sql.placeholder('pattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

const listValues = (user: Pick<SessionUser, 'id'>, query: WordListQuery) => ({
  userId: user.id,
  pattern: containsPattern(query.search ?? ''),
  limit: query.limit,
  offset: query.offset,
});

/**
 * A page of the list as one statement that returns the response body, `WordList` as JSON text.
 * The list is the most read route: building the JSON in the database (one round trip, no
 * per-cell mapping, no parse and re-serialise in JavaScript) makes a page several times cheaper
 * (docs/performance.md). The page reads one row beyond its limit to say whether more follow, so
 * its cost is the page's, never the collection's: no list counts its matches
 * (docs/decisions/009). The collection's totals are the profile's counters, which every save,
 * delete and mastery change keeps in the same transaction.
 * Every condition starts with the learner's id, so the (user_id, …) indexes keep other
 * learners' rows out of the scan (word-list-plan.int.test.ts checks the plans).
 */
function wordListSql(shape: ListShape): SQL {
  // A sub-select lowers the pattern once; as a bare `lower($2)` a cached plan lowers it per row.
  const search = shape.searched
    ? sql`${words.searchText} like (select lower(${LIST.pattern}))`
    : undefined;
  const matching = and(eq(words.userId, LIST.userId), FILTERS[shape.filter], search);
  const order = sql.join(ORDERS[shape.sort], sql`, `);
  const profiles = schema.profiles;
  const limit = sql`${LIST.limit}::int`;
  // The page is chosen on the list's index first; only its rows are then read and built.
  return sql`with page as (
      select ${words.id} as id, row_number() over (order by ${order}) as position
        from ${words} where ${matching}
       order by ${order} limit ${limit} + 1 offset ${LIST.offset}::int)
    select json_build_object(
      'words', coalesce((
        select json_agg(listed order by shown.position)
          from (select id, position from page order by position limit ${limit}) as shown
          cross join lateral (select ${WORD_ROW} from ${words} where ${words.id} = shown.id) as listed
        ), '[]'::json),
      'hasMore', (select count(*) > ${limit} from page),
      'collection', json_build_object('words', ${profiles.totalWords}, 'mastered', ${profiles.masteredWords})
    )::text as body
    from ${profiles} where ${eq(profiles.id, LIST.userId)}`;
}

const shapeOf = (query: WordListQuery): ListShape => ({
  filter: query.filter,
  sort: query.sort,
  searched: Boolean(query.search),
});

// The dialect renders a statement once per shape, with the database's own naming rule.
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A list as `listWords` prepares it: the statement's text with `$n` parameters, and their values
 * for this learner and query (for EXPLAIN of the plan PostgreSQL caches).
 */
export function wordListQuery(user: Pick<SessionUser, 'id'>, query: WordListQuery) {
  const prepared = dialect.sqlToQuery(wordListSql(shapeOf(query)));
  return { text: prepared.sql, values: fillPlaceholders(prepared.params, listValues(user, query)) };
}

/**
 * One prepared statement per list shape (4 filters × 3 sorts × searched or not), built on first
 * use: a request only binds its values, and PostgreSQL parses and plans each once per connection.
 * After five runs it keeps one plan for every pattern, so a search's plan must suit a pattern
 * that matches most words as well as one that matches none (the order indexes hold the search
 * text for that).
 */
const listStatements = preparedStatements((db) => {
  const byShape = new Map<string, ReturnType<Database['_']['session']['prepareQuery']>>();
  return (shape: ListShape) => {
    const name = `word_list_${shape.filter}_${shape.sort}${shape.searched ? '_search' : ''}`;
    let statement = byShape.get(name);
    if (!statement) {
      const query = dialect.sqlToQuery(wordListSql(shape));
      statement = db._.session.prepareQuery(query, undefined, name, false);
      byShape.set(name, statement);
    }
    return statement;
  };
});

/** One page of the collection, whether more words follow it, and the collection's totals. */
export async function listWords(
  db: Database,
  user: SessionUser,
  query: WordListQuery,
): Promise<JsonText<WordList>> {
  // Without a field list, both drivers answer with their raw `{ rows }`.
  const result = (await listStatements(db)(shapeOf(query)).execute(listValues(user, query))) as {
    rows: { body: string }[];
  };
  const body = result.rows[0]?.body;
  // Every account has a profile from sign-up on; without one there is nothing to list.
  if (body === undefined) throw new ApiError('NOT_FOUND', 'Profile not found');
  return body;
}

/**
 * Saves a card. The client makes the id, so saving again after a lost answer returns the word
 * saved the first time instead of a second copy. The profile's word count moves with it.
 */
export async function createWord(
  services: Pick<Services, 'db' | 'events' | 'groups'>,
  user: SessionUser,
  input: NewWord,
): Promise<{ word: Word; created: boolean }> {
  const { db } = services;
  // A replay, or a second request of the same save still on its way (a double tap): the word
  // saved the first time answers both.
  const savedBefore = async () => {
    const [mine] = await statements(db).byId.execute({ id: input.id, userId: user.id });
    return mine ? { word: toWord(mine), created: false } : null;
  };
  const before = await savedBefore();
  if (before) return before;
  await refuseDuplicate(db, user.id, input.word, input.id);
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
  if (inserted === 'duplicate' || !inserted) {
    // The other save may have been this one's first request, committed meanwhile.
    const meanwhile = await savedBefore();
    if (meanwhile) return meanwhile;
  }
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
  // The new word goes into the learner's groups, in the background and coalesced.
  services.groups.wordSaved(user.id);
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

/** A deleted word as it is kept for Undo: its row, its review history, its groups' ids. */
interface DeletedWord {
  word: Record<string, unknown>;
  reviews: Record<string, unknown>[];
  groupIds: string[];
}

/** The JSON kept for a word about to be deleted (rows as `to_jsonb` writes them). */
const deletedWordJson = (id: string, userId: string) => sql`select jsonb_build_object(
    'word', (select to_jsonb(w) from ${words} w where w.id = ${id} and w.user_id = ${userId}),
    'reviews', coalesce((select jsonb_agg(to_jsonb(r)) from ${schema.reviewLog} r
                          where r.word_id = ${id} and r.user_id = ${userId}), '[]'::jsonb),
    'groupIds', coalesce((select jsonb_agg(gw.group_id) from ${schema.groupWords} gw
                           where gw.word_id = ${id}), '[]'::jsonb))`;

/** Moves the profile's counters by one word, mastered or not, in either direction. */
async function countWord(tx: Executor, userId: string, mastered: boolean, step: 1 | -1) {
  const p = schema.profiles;
  const moved = (column: AnyPgColumn) => sql`greatest(${column} + ${step}, 0)`;
  await tx
    .update(p)
    .set({
      totalWords: moved(p.totalWords),
      ...(mastered ? { masteredWords: moved(p.masteredWords) } : {}),
    })
    .where(eq(p.id, userId));
}

/**
 * Deletes a word: it leaves the collection, its groups, practice and every count at once, and is
 * kept with its review history for the undo window (`restoreWord`, docs/decisions/018).
 */
export async function deleteWord(
  services: Pick<Services, 'db' | 'events' | 'clock'>,
  user: SessionUser,
  id: string,
): Promise<void> {
  const now = services.clock();
  const deleted = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ mastered: words.mastered })
      .from(words)
      .where(and(eq(words.id, id), eq(words.userId, user.id)))
      .for('update');
    if (!row) return false;
    await keepDeleted(tx, { id, userId: user.id, kind: 'word', now }, deletedWordJson(id, user.id));
    // The review history and group places go with the row (on delete cascade); the copy kept
    // above has them.
    await tx.delete(words).where(and(eq(words.id, id), eq(words.userId, user.id)));
    await countWord(tx, user.id, row.mastered, -1);
    return true;
  });
  if (!deleted) throw new ApiError('NOT_FOUND', 'Word not found');
  await services.events.publish({ userId: user.id, kind: 'words.changed', id });
}

/**
 * Undo of a delete within its window: the word comes back under its own id with its review
 * history, its groups (those that still exist) and its place in the counts. A replay answers
 * with the word restored the first time; a word whose spelling was saved again meanwhile is a
 * 409 and stays restorable until the window ends.
 */
export async function restoreWord(
  services: Pick<Services, 'db' | 'events' | 'clock'>,
  user: SessionUser,
  id: string,
): Promise<Word> {
  const now = services.clock();
  const restored = await services.db
    .transaction(async (tx) => {
      const kept = await takeDeleted<DeletedWord>(tx, { id, userId: user.id, kind: 'word', now });
      if (!kept) return false;
      await tx.execute(sql`insert into ${words} (${writableColumns(words)})
        select ${writableColumns(words)}
          from jsonb_populate_record(null::${words}, ${JSON.stringify(kept.word)}::jsonb)`);
      await restoreReviews(tx, user.id, kept.reviews);
      if (kept.groupIds.length > 0) {
        const { groups, groupWords } = schema;
        await tx.execute(sql`insert into ${groupWords} (group_id, word_id)
          select ${groups.id}, ${id}::uuid from ${groups}
           where ${and(eq(groups.userId, user.id), inArray(groups.id, kept.groupIds))}
          on conflict do nothing`);
      }
      await countWord(tx, user.id, kept.word.mastered === true, 1);
      return true;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'words_user_word_lower_idx')) return 'duplicate' as const;
      throw error;
    });
  if (restored === 'duplicate') {
    await refuseDuplicate(services.db, user.id, await keptSpelling(services.db, user.id, id));
    throw new ApiError('CONFLICT', WORD_TEXT.duplicate);
  }
  // Nothing to restore: a replay of an undo that worked finds the word in the collection.
  const word = await getWord(services.db, user, id);
  if (restored) await services.events.publish({ userId: user.id, kind: 'words.changed', id });
  return word;
}

/**
 * Puts a restored word's answers back in the review log; an answer's practice session may have
 * been cleaned up meanwhile, and then the answer keeps no session, as it would have.
 */
async function restoreReviews(tx: Executor, userId: string, reviews: Record<string, unknown>[]) {
  if (reviews.length === 0) return;
  const { reviewLog, dailyPracticeSessions: sessions } = schema;
  const sessionIds = [...new Set(reviews.map((r) => r.session_id).filter(isString))];
  const live = new Set(
    sessionIds.length === 0
      ? []
      : (
          await tx
            .select({ id: sessions.id })
            .from(sessions)
            .where(and(eq(sessions.userId, userId), inArray(sessions.id, sessionIds)))
        ).map((s) => s.id),
  );
  const rows = reviews.map((r) => ({
    ...r,
    user_id: userId,
    session_id: isString(r.session_id) && live.has(r.session_id) ? r.session_id : null,
  }));
  await tx.execute(sql`insert into ${reviewLog} (${writableColumns(reviewLog)})
    select ${writableColumns(reviewLog)}
      from jsonb_populate_recordset(null::${reviewLog}, ${JSON.stringify(rows)}::jsonb)
    on conflict do nothing`);
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The spelling of a word kept for Undo, for the 409 that names the card in the way. */
async function keptSpelling(db: Database, userId: string, id: string): Promise<string> {
  const [row] = await db
    .select({ word: sql<string>`${schema.deletedItems.data} -> 'word' ->> 'word'` })
    .from(schema.deletedItems)
    .where(and(eq(schema.deletedItems.id, id), eq(schema.deletedItems.userId, userId)));
  return row?.word ?? '';
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
  const { db, ai } = services;
  await refuseDuplicate(db, user.id, word);
  const profile = await getProfile(db, user);
  const now = services.clock();
  // WORD_GENERATION counts the cards written: a failed or cancelled call gives its use back.
  return withSuccessQuota(
    db,
    `ai:word:${user.id}`,
    AI_QUOTAS.wordGeneration,
    generationCapReached,
    () =>
      generateWordCard(
        { word, nativeLanguage: profile.nativeLanguage, targetLanguage: profile.targetLanguage },
        { ai, countCall: dailyAiQuota(services, user.id), ...(abortSignal ? { abortSignal } : {}) },
      ),
    now,
  );
}

/**
 * The learner's own per-minute cap, in the spec's words for it ('Please wait {time} before
 * generating more words.'), so it never reads like the provider's 'Rate limit reached'.
 */
function generationCapReached(retryAfterSeconds: number): ApiError {
  return new ApiError(
    'TOO_MANY_REQUESTS',
    WORD_TEXT.slowDownDescription.replace('{time}', formatWait(retryAfterSeconds)),
    { retryAfterSeconds },
  );
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  isDatabaseError(error, PG_ERROR.uniqueViolation, constraint);
