// The population of `npm run bench:scale`: learners with a collection and a review history each,
// written with COPY into a PostgreSQL database of the bench's own. Ids are derived from numbers
// (random-looking, as the app's random UUIDs are), so the review log can name its words without
// reading them back, and each learner's rows are written interleaved with the others', as a
// population that grows together leaves them scattered over the table's pages.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDatabase, migrateDatabase } from '@verba/db';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface Population {
  learners: number;
  wordsPerLearner: number;
  reviewsPerLearner: number;
}

/** Every seeded learner signs in with this password. */
export const SCALE_PASSWORD = 'violet-harbour-lantern-42';

export const learnerEmail = (n: number) => `learner-${String(n).padStart(6, '0')}@scale.example`;

/** murmur3's finaliser: spreads a counter over 32 bits. */
function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const hex = (value: number, digits: number) => value.toString(16).padStart(digits, '0');

/**
 * A version-4-shaped UUID for the `n`th row of a kind: random-looking at the front (so the
 * primary key is filled out of order, as with random ids), unique through `n` at the end.
 */
export function scaleId(kind: number, n: number): string {
  const a = mix32(n * 16 + kind);
  const b = mix32(a ^ 0x9e3779b9);
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b & 0xfff, 3)}-${hex(8 + (kind & 3), 1)}${hex(kind, 3)}-${hex(n, 12)}`;
}

const KIND = { learner: 0, word: 1, review: 2, answer: 3, account: 4 } as const;
export const learnerId = (n: number) => scaleId(KIND.learner, n);
const wordId = (population: Population, learner: number, word: number) =>
  scaleId(KIND.word, learner * population.wordsPerLearner + word);

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'or', 'pu', 'ra', 'se', 'ti', 'vo'];
/** The same spellings as the API bench's collections: "or" is in about a third of the words. */
const spell = (n: number) =>
  Array.from({ length: 4 }, (_, i) => SYLLABLES[Math.floor(n / 10 ** i) % 10]).join('');

const DAY_MS = 86_400_000;
/** The population's first day: collections grew over the year before the bench. */
const EPOCH = Date.UTC(2025, 10, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const SEEDED_AT = iso(Date.UTC(2026, 10, 1));

/** Is this word mastered? About one in eight, the same ones in the words and the counters. */
const isMastered = (learner: number, word: number) => mix32(learner * 7919 + word) % 8 === 0;

function* learnerRows(population: Population, passwordHash: string) {
  const users: string[] = [];
  const accounts: string[] = [];
  const profiles: string[] = [];
  for (let n = 0; n < population.learners; n++) {
    const id = learnerId(n);
    let mastered = 0;
    for (let w = 0; w < population.wordsPerLearner; w++) if (isMastered(n, w)) mastered++;
    users.push(`${id}\t\t${learnerEmail(n)}\tt\t${SEEDED_AT}\t${SEEDED_AT}\n`);
    accounts.push(
      `${scaleId(KIND.account, n)}\t${id}\tcredential\t${id}\t${passwordHash}\t${SEEDED_AT}\t${SEEDED_AT}\n`,
    );
    profiles.push(
      `${id}\tLearner ${n}\ten\tes\tt\t${population.wordsPerLearner}\t${mastered}\tEurope/Madrid\t${SEEDED_AT}\t${SEEDED_AT}\n`,
    );
  }
  yield { table: '"user" (id, name, email, email_verified, created_at, updated_at)', rows: users };
  yield {
    table:
      'account (id, account_id, provider_id, user_id, password, created_at, updated_at)' as const,
    rows: accounts,
  };
  yield {
    table:
      'profiles (id, display_name, native_language, target_language, onboarding_completed, total_words, mastered_words, time_zone, created_at, updated_at)',
    rows: profiles,
  };
}

const WORD_COLUMNS =
  'words (id, user_id, word, translation, ipa, examples, mnemonic, grammar_type, cefr_level, tags, created_at, updated_at, interval, repetitions, next_review_date, total_reviews, correct_reviews, success_rate, mastered, stability, difficulty, state, last_review, sample_key)';

/** Learners whose words are written interleaved, word 0 of each, then word 1, … */
const INTERLEAVED_LEARNERS = 100;

/** The words as COPY text, in chunks of about a thousand rows. */
async function* wordLines(population: Population): AsyncGenerator<string> {
  const { learners, wordsPerLearner } = population;
  for (let first = 0; first < learners; first += INTERLEAVED_LEARNERS) {
    const last = Math.min(learners, first + INTERLEAVED_LEARNERS);
    for (let w = 0; w < wordsPerLearner; w++) {
      let chunk = '';
      for (let n = first; n < last; n++) {
        const created = EPOCH + Math.floor((w / wordsPerLearner) * 365 * DAY_MS) + n * 1_000;
        const reviews = mix32(n * 31 + w) % 6;
        const correct = Math.max(0, reviews - (w % 2));
        const mastered = isMastered(n, w);
        const reviewed = reviews > 0;
        const next = created + (reviewed ? ((w * 7 + n) % 120) * DAY_MS : DAY_MS);
        const word = `${spell(w)} ${w}`;
        chunk +=
          `${wordId(population, n, w)}\t${learnerId(n)}\t${word}\tmeaning ${w}\tˈkalo\t` +
          `[{"target": "Una frase con ${word}.", "translation": "A sentence with ${w}."}, {"target": "Otra frase, número ${w}.", "translation": "Another sentence, number ${w}."}]\t` +
          `A short story that makes the word stick.\tnoun\tA2\t{Travel}\t${iso(created)}\t${iso(created)}\t` +
          `${reviewed ? (w % 30) + 1 : 0}\t${reviews}\t${iso(next)}\t${reviews}\t${correct}\t` +
          `${reviews === 0 ? 0 : correct / reviews}\t${mastered ? 't' : 'f'}\t${reviewed ? 5 + (w % 40) : 0}\t` +
          `${reviewed ? 3 + (w % 5) : 0}\t${reviewed ? 2 : 0}\t${reviewed ? iso(created + DAY_MS) : '\\N'}\t` +
          `${mix32(n * 1_000_003 + w) / 2 ** 32}\n`;
      }
      yield chunk;
    }
  }
}

const REVIEW_COLUMNS =
  'review_log (id, user_id, word_id, client_id, practice_type, outcome, response_time, confidence_rating, rating, state, elapsed_days, scheduled_days, duration_ms, reviewed_at)';
const PRACTICE_TYPES = ['flashcard', 'multiple-choice', 'spelling', 'infinity'];

/** The review log as COPY text: each learner's answers over the year, spread over their words. */
async function* reviewLines(population: Population): AsyncGenerator<string> {
  const { learners, wordsPerLearner, reviewsPerLearner } = population;
  for (let first = 0; first < learners; first += INTERLEAVED_LEARNERS) {
    const last = Math.min(learners, first + INTERLEAVED_LEARNERS);
    for (let r = 0; r < reviewsPerLearner; r++) {
      let chunk = '';
      for (let n = first; n < last; n++) {
        const serial = n * reviewsPerLearner + r;
        const word = mix32(serial) % wordsPerLearner;
        const correct = serial % 5 !== 0;
        const at = EPOCH + Math.floor((r / reviewsPerLearner) * 365 * DAY_MS) + n * 1_000;
        chunk +=
          `${scaleId(KIND.review, serial)}\t${learnerId(n)}\t${wordId(population, n, word)}\t` +
          `${scaleId(KIND.answer, serial)}\t${PRACTICE_TYPES[serial % 4]}\t${correct ? 'correct' : 'incorrect'}\t` +
          `${2 + (serial % 7)}\t${correct ? 4 : 2}\t${correct ? 3 : 1}\t${serial % 4}\t${serial % 30}\t` +
          `${(serial % 30) + 1}\t${2_000 + (serial % 7_000)}\t${iso(at)}\n`;
      }
      yield chunk;
    }
  }
}

async function copyInto(
  client: pg.Client,
  table: string,
  lines: AsyncIterable<string> | Iterable<string>,
) {
  const started = Date.now();
  await pipeline(Readable.from(lines), client.query(copyFrom(`copy ${table} from stdin`)));
  const name = table.split(' (')[0];
  console.log(`  ${name}: copied in ${((Date.now() - started) / 1_000).toFixed(0)} s`);
}

/** better-auth's own password hash, made with the API's copy of the library. */
async function passwordHash(): Promise<string> {
  const fromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
  const crypto = (await import(fromApi.resolve('better-auth/crypto'))) as {
    hashPassword: (password: string) => Promise<string>;
  };
  return crypto.hashPassword(SCALE_PASSWORD);
}

const describePopulation = (p: Population) =>
  `seeded: ${p.learners} learners x ${p.wordsPerLearner} words, ${p.reviewsPerLearner} reviews each`;

/** Whether the database holds this population, complete (the comment is written last). */
export async function isSeeded(client: pg.Client, population: Population): Promise<boolean> {
  const { rows } = await client.query<{ comment: string | null }>(
    'select shobj_description(oid, $1) as comment from pg_database where datname = current_database()',
    ['pg_database'],
  );
  return rows[0]?.comment === describePopulation(population);
}

/**
 * Migrates the empty database, then fills it: the learners, their words and their review log by
 * COPY with the secondary indexes of the two big tables dropped (and built again after, as
 * `pg_restore` does), foreign-key triggers off (the rows are consistent by construction), then
 * VACUUM ANALYZE, as autovacuum would leave a database some time after the load.
 */
export async function seedPopulation(databaseUrl: string, population: Population): Promise<void> {
  const handle = await createDatabase({ databaseUrl, poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica;
      set synchronous_commit = off;
      set maintenance_work_mem = '1GB';
      set max_parallel_maintenance_workers = 2`);
    const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
        where tablename in ('words', 'review_log') and indexname not like '%\\_pkey'`,
    );
    for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);

    const started = Date.now();
    console.log(describePopulation(population));
    for (const { table, rows } of learnerRows(population, await passwordHash())) {
      await copyInto(client, table, rows);
    }
    await copyInto(client, WORD_COLUMNS, wordLines(population));
    await copyInto(client, REVIEW_COLUMNS, reviewLines(population));
    for (const { indexname, indexdef } of indexes) {
      const at = Date.now();
      await client.query(indexdef);
      console.log(`  index ${indexname}: ${((Date.now() - at) / 1_000).toFixed(0)} s`);
    }
    const at = Date.now();
    await client.query('vacuum (analyze)');
    console.log(`  vacuum analyze: ${((Date.now() - at) / 1_000).toFixed(0)} s`);
    await client.query(
      `comment on database ${client.database} is '${describePopulation(population)}'`,
    );
    console.log(`seeded in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  } finally {
    await client.end();
  }
}
