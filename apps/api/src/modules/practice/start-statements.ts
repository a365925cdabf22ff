/**
 * What a practice start reads and writes: the learner's profile with a random sample of their
 * words, the due words or a group's words as JSON built by the database, and the session's insert.
 */
import { preparedStatements, rowPlaceholders, schema, type Executor } from '@verba/db';
import { PRACTICE_LIMITS } from '@verba/shared';
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SessionRow } from './session-mapper.ts';
import { dueCondition, practisable } from './session-reads.ts';

const sessions = schema.dailyPracticeSessions;
const words = schema.words;
const profiles = schema.profiles;

/** What a start reads of a word: its card as the session shows it, and its review count. */
const PRACTICE_WORD_JSON = sql`json_build_object(
  'id', ${words.id}, 'word', ${words.word}, 'translation', ${words.translation},
  'ipa', ${words.ipa}, 'reading', ${words.reading}, 'examples', ${words.examples},
  'mastered', ${words.mastered}, 'repetitions', ${words.repetitions})`;
export type PracticeWordRow = Pick<
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
    .where(and(eq(words.userId, userId), inArray(words.id, chosen), practisable));
}

const parsePracticeWords = (json: string | undefined): PracticeWordRow[] =>
  JSON.parse(json ?? '[]') as PracticeWordRow[];

/** How many of the learner's translations a start reads to draw quiz distractors from. */
const DISTRACTOR_POOL = 40;

/** A start's random sample (`wordSample`): translations for distractors, and cards to practise. */
export interface WordSample {
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
      from ${words} where ${eq(words.userId, userId)} and ${from} and ${practisable}
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

export const parseWordSample = (json: string): WordSample => JSON.parse(json) as WordSample;

/**
 * What a start reads first, in one round trip: the learner's profile and a sample of their words
 * (a round trip to the database costs more than this reading: docs/performance.md).
 */
export const startReads = (
  db: Executor,
  userId: string | SQLWrapper,
  practised: number | SQLWrapper,
) =>
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
export const startStatements = preparedStatements((db) => ({
  reads: startReads(db, sql.placeholder('userId'), sql.placeholder('practised')).prepare(
    'practice_start_reads',
  ),
  insert: insertSession(db),
}));

/** The learner's due words, oldest due first, as many as a daily session takes. */
export async function dueWords(db: Executor, userId: string, now: Date) {
  const oldestDue = [asc(words.nextReviewDate), asc(words.id)];
  const dueIds = db
    .select({ id: words.id })
    .from(words)
    .where(dueCondition(userId, now))
    .orderBy(...oldestDue)
    .limit(PRACTICE_LIMITS.dueWordsPerSession);
  const [due] = await practiceWords(
    db,
    userId,
    dueIds,
    sql`order by ${sql.join(oldestDue, sql`, `)}`,
  );
  return parsePracticeWords(due?.json);
}

/**
 * Words of one of the learner's groups, at most an infinity round's worth drawn at random; null
 * when the group is not theirs.
 */
export async function groupWords(
  db: Executor,
  userId: string,
  groupId: string,
): Promise<PracticeWordRow[] | null> {
  const [group] = await db
    .select({ id: schema.groups.id })
    .from(schema.groups)
    .where(and(eq(schema.groups.id, groupId), eq(schema.groups.userId, userId)));
  if (!group) return null;
  const groupIds = db
    .select({ id: schema.groupWords.wordId })
    .from(schema.groupWords)
    .where(eq(schema.groupWords.groupId, groupId))
    .orderBy(sql`random()`)
    .limit(PRACTICE_LIMITS.infinityWords);
  const [members] = await practiceWords(db, userId, groupIds);
  return parsePracticeWords(members?.json);
}
