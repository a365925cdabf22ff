import { randomUUID } from 'node:crypto';
import { schema, type Executor } from '@verba/db';
import {
  IMPORT_TEXT,
  type AnkiPreview,
  type ImportJob,
  type ImportOptions,
  type ImportPreview,
  type SessionUser,
} from '@verba/shared';
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Services } from '../../app-env.ts';
import { isDatabaseError, PG_ERROR } from '../../lib/database-errors.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  checkRows,
  duplicateKey,
  previewRows,
  type CheckedRow,
  type CheckedRows,
} from './check-rows.ts';
import { queueEnrichment } from '../enrichment/word-enrichment.ts';
import { learnerParams } from '../scheduling/learner-params.ts';
import { readAnkiSource, type SourceRow } from './anki-source.ts';
import { readBackupSource, type BackupExtras } from './backup-source.ts';
import { readTextSource } from './text-source.ts';

/**
 * Imports (issue 25). A source turns an upload's bytes into `ImportRow`s; the rows are checked
 * as hand-written cards are; one job per learner saves them, off the request path and all or
 * nothing: its words are staged in small steps (the job's progress), then moved into the
 * collection in one transaction. A job whose process died leaves only staged rows, which no
 * screen reads; it is shown as failed and the learner can import again.
 */

type ImportServices = Pick<
  Services,
  'db' | 'databaseKind' | 'events' | 'groups' | 'clock' | 'logger' | 'ai' | 'enrichment'
>;

/**
 * What a source read: the rows, how it read them (the screen shows and changes it), and for a
 * backup what it restores besides words.
 */
interface SourceResult {
  rows: SourceRow[];
  reading: Omit<ImportPreview, 'total' | 'valid' | 'duplicates' | 'problems' | 'rows'>;
  extras?: BackupExtras;
}

/** An Anki package and a backup have no separators to show. */
const NO_SEPARATORS = { separator: '', separatorDetected: false, rowSeparator: '', html: false };

/**
 * Turns an upload into rows. A preview (`preview`) shows neither schedules nor histories, so an
 * Anki package's histories are checked there, not replayed.
 */
async function readSource(
  services: ImportServices,
  user: SessionUser,
  bytes: Uint8Array,
  options: ImportOptions,
  preview: boolean,
): Promise<SourceResult> {
  switch (options.source) {
    case 'text': {
      const { rows, ...reading } = readTextSource(bytes, options);
      return { rows, reading };
    }
    case 'anki': {
      const { params } = await learnerParams(services.db, user.id, services.logger);
      const { rows, anki } = await readAnkiSource(bytes, options, params, { replay: !preview });
      return { rows, reading: { ...NO_SEPARATORS, html: true, anki } };
    }
    case 'backup': {
      const { rows, extras } = readBackupSource(bytes);
      return { rows, reading: NO_SEPARATORS, extras };
    }
  }
}

/** What the job keeps of an Anki package's reading: what was left out, for the summary. */
const ankiSummaryOf = (anki: AnkiPreview | undefined) =>
  anki
    ? { sounds: anki.sounds, images: anki.images, unreadableHistory: anki.unreadableHistory }
    : null;

/** Rows staged per step: each step is one short transaction, and moves the progress bar. */
const STAGE_ROWS = 1000;
/** A running job that has not moved for this long belongs to a process that died. */
export const STALE_JOB_MS = 60_000;
const DIED = 'The import stopped before it finished; nothing was saved. You can import again.';

/** This process's running jobs, so tests and shutdown can wait for them. */
const runningHere = new Map<string, Promise<void>>();

/** Waits for every import this process is running (tests). */
export async function importsSettled(): Promise<void> {
  while (runningHere.size > 0) await Promise.allSettled([...runningHere.values()]);
}

/** The collection's words, each id by its `duplicateKey`. */
async function existingKeys(db: Executor, userId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: schema.words.id, word: schema.words.word })
    .from(schema.words)
    .where(eq(schema.words.userId, userId));
  return new Map(rows.map((r) => [duplicateKey(r.word), r.id]));
}

async function readAndCheck(
  services: ImportServices,
  user: SessionUser,
  bytes: Uint8Array,
  options: ImportOptions,
  preview = false,
): Promise<{ source: SourceResult; checked: CheckedRows }> {
  const source = await readSource(services, user, bytes, options, preview);
  if (source.rows.length === 0) throw new ApiError('BAD_REQUEST', IMPORT_TEXT.noRows);
  const checked = checkRows(source.rows, await existingKeys(services.db, user.id), {
    translationFromAi: services.ai.configured,
    merge: options.source === 'backup',
  });
  return { source, checked };
}

/** A backup's words already in the collection: duplicates that are saved, merged into them. */
const mergedCount = (checked: CheckedRows) =>
  checked.rows.filter((r) => r.card !== null && r.preview.duplicate).length;

/** What an import of this upload would save: the first rows with their problems, and counts. */
export async function previewImport(
  services: ImportServices,
  user: SessionUser,
  bytes: Uint8Array,
  options: ImportOptions,
): Promise<ImportPreview> {
  const { source, checked } = await readAndCheck(services, user, bytes, options, true);
  return {
    ...source.reading,
    total: source.rows.length,
    valid: checked.valid,
    duplicates: checked.duplicates,
    problems: checked.problems,
    rows: previewRows(checked),
    ...(source.extras ? { merged: mergedCount(checked) } : {}),
  };
}

type JobRow = typeof schema.importJobs.$inferSelect;

function toJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    fileName: row.fileName,
    total: row.total,
    done: row.done,
    imported: row.imported,
    duplicates: row.duplicates,
    problems: row.problems,
    skippedRows: row.skippedRows,
    anki: row.anki ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Marks the learner's running imports whose process died as failed, and drops what they staged.
 * On the embedded database this process is the only one, so a running job it does not run is
 * dead; on PostgreSQL a job is dead once it stopped moving for `STALE_JOB_MS`.
 */
async function failDeadJobs(services: ImportServices, userId: string): Promise<void> {
  const jobs = schema.importJobs;
  const now = services.clock();
  const running = await services.db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt })
    .from(jobs)
    .where(and(eq(jobs.userId, userId), eq(jobs.status, 'running')));
  for (const job of running) {
    if (runningHere.has(job.id)) continue;
    const stale = now.getTime() - job.updatedAt.getTime() > STALE_JOB_MS;
    if (services.databaseKind === 'postgres' && !stale) continue;
    await services.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(jobs)
        .set({ status: 'failed', error: DIED, finishedAt: now, updatedAt: now })
        .where(
          and(
            eq(jobs.id, job.id),
            eq(jobs.status, 'running'),
            services.databaseKind === 'postgres'
              ? lt(jobs.updatedAt, new Date(now.getTime() - STALE_JOB_MS))
              : undefined,
          ),
        )
        .returning({ id: jobs.id });
      if (failed) await tx.delete(schema.importRows).where(eq(schema.importRows.jobId, job.id));
    });
  }
}

/**
 * Starts an import: reads and checks the upload (bad input is refused before anything is
 * written), claims the learner's one import slot, and saves the rows in the background.
 */
export async function startImport(
  services: ImportServices,
  user: SessionUser,
  bytes: Uint8Array,
  options: ImportOptions & { fileName?: string | undefined },
): Promise<ImportJob> {
  const { source, checked } = await readAndCheck(services, user, bytes, options);
  await failDeadJobs(services, user.id);
  const now = services.clock();
  const skipped = checked.rows.filter((r) => r.card === null).map((r) => r.preview);
  // A backup's words already in the collection are merged; the job counts them as duplicates
  // when its last step finds them there.
  const merged = mergedCount(checked);
  const [row] = await services.db
    .insert(schema.importJobs)
    .values({
      id: randomUUID(),
      userId: user.id,
      source: options.source,
      fileName: options.fileName ?? null,
      total: source.rows.length,
      duplicates: checked.duplicates - merged,
      problems: checked.problems,
      skippedRows: skipped,
      anki: ankiSummaryOf(source.reading.anki),
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .catch((error: unknown) => {
      if (isDatabaseError(error, PG_ERROR.uniqueViolation, 'import_jobs_one_running_idx')) {
        throw new ApiError('CONFLICT', IMPORT_TEXT.alreadyRunning);
      }
      throw error;
    });
  const job = row!;
  const run = runJob(services, user.id, job.id, checked.rows, source.extras)
    .catch(async (error: unknown) => {
      services.logger.error({ err: error, jobId: job.id }, 'import failed');
      await markFailed(services, user.id, job.id);
    })
    .finally(() => runningHere.delete(job.id));
  runningHere.set(job.id, run);
  return toJob(job);
}

async function markFailed(services: ImportServices, userId: string, jobId: string) {
  const now = services.clock();
  await services.db.transaction(async (tx) => {
    await tx.delete(schema.importRows).where(eq(schema.importRows.jobId, jobId));
    await tx
      .update(schema.importJobs)
      .set({ status: 'failed', error: IMPORT_TEXT.failed, finishedAt: now, updatedAt: now })
      .where(and(eq(schema.importJobs.id, jobId), eq(schema.importJobs.status, 'running')));
  });
  await publish(services, userId, jobId);
}

const publish = (services: ImportServices, userId: string, jobId: string) =>
  services.events.publish({ userId, kind: 'imports.changed', id: jobId });

/** A staged word's schedule (`s`) as the words' schedule columns, a new card's when it has none. */
const scheduleColumns = (now: Date) => sql`
  coalesce((s->>'interval')::float8, 0),
  coalesce((s->>'nextReviewDate')::timestamptz, ${now}::timestamptz),
  coalesce((s->>'repetitions')::int, 0), coalesce((s->>'totalReviews')::int, 0),
  coalesce((s->>'correctReviews')::int, 0), coalesce((s->>'successRate')::float8, 0),
  coalesce((s->>'easeFactor')::float8, 2.5), coalesce((s->>'stability')::float8, 0),
  coalesce((s->>'difficulty')::float8, 0), coalesce((s->>'state')::smallint, 0),
  coalesce((s->>'lapses')::int, 0), (s->>'lastReview')::timestamptz,
  coalesce((s->>'learningSteps')::int, 0), coalesce((s->>'mastered')::boolean, false)`;

/**
 * A word as it is staged: the card's fields, under the names the final move reads, and what a
 * row of an Anki package or a backup brings besides: its groups, its schedule and its
 * review-log entries; from a backup also when it was made and changed, and its favorite mark.
 */
function stagedWord(row: CheckedRow): Record<string, unknown> {
  const card = row.card!;
  const { mergeInto } = row;
  const { group, history, backup } = row.row as SourceRow;
  const groups = backup?.groups ?? (group === undefined ? [] : [group]);
  const schedule = backup?.schedule ?? history?.schedule;
  const log =
    backup?.log ??
    history?.log.map((entry) => ({
      rating: entry.grade ?? entry.rating,
      // An Anki answer is a Flashcard answer; its outcome and confidence follow its grade.
      practiceType: 'flashcard',
      outcome: entry.correct ? 'correct' : 'incorrect',
      confidenceRating: entry.correct ? 3 : 1,
      responseTime: (entry.duration_ms ?? 0) / 1000,
      state: entry.state,
      elapsedDays: entry.elapsed_days,
      scheduledDays: entry.scheduled_days,
      durationMs: entry.duration_ms ?? 0,
      reviewedAt: entry.reviewed_at.toISOString(),
    }));
  return {
    ...(groups.length === 0 ? {} : { groups }),
    ...(schedule === undefined ? {} : { schedule }),
    ...(log === undefined ? {} : { log }),
    ...(backup === undefined
      ? {}
      : {
          fileId: backup.fileId,
          createdAt: backup.createdAt,
          updatedAt: backup.updatedAt,
          isFavorite: backup.isFavorite,
        }),
    ...(mergeInto === undefined ? {} : { mergeInto }),
    id: randomUUID(),
    word: card.word,
    translation: card.translation,
    ipa: card.ipa,
    reading: card.reading,
    examples: card.examples,
    mnemonic: card.mnemonic,
    synonyms: card.synonyms,
    grammarType: card.grammarType,
    cefrLevel: card.cefrLevel,
    themes: card.themes,
  };
}

async function runJob(
  services: ImportServices,
  userId: string,
  jobId: string,
  rows: CheckedRow[],
  extras: BackupExtras | undefined,
): Promise<void> {
  const { db } = services;
  const jobs = schema.importJobs;
  // The job starts after the request that made it has been answered.
  await new Promise((resolve) => setImmediate(resolve));
  const words = rows.filter((r) => r.card !== null);
  let done = rows.length - words.length;
  for (let start = 0; start < words.length; start += STAGE_ROWS) {
    const chunk = words.slice(start, start + STAGE_ROWS);
    done += chunk.length;
    const moved = await db.transaction(async (tx) => {
      const [alive] = await tx
        .update(jobs)
        .set({ done: Math.min(done, rows.length), updatedAt: services.clock() })
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (!alive) return false;
      await tx
        .insert(schema.importRows)
        .values(chunk.map((row, i) => ({ jobId, position: start + i, data: stagedWord(row) })));
      return true;
    });
    // Failed meanwhile (taken for dead): its staged rows are gone with it.
    if (!moved) return;
    await publish(services, userId, jobId);
  }
  const now = services.clock();
  const {
    count: imported,
    groups,
    savedIds,
  } = await db.transaction(async (tx) => {
    const inserted = (await tx.execute(sql`
      insert into ${schema.words} (id, user_id, word, translation, ipa, reading, examples,
        mnemonic, synonyms, grammar_type, cefr_level, tags, is_favorite, created_at, updated_at,
        interval, next_review_date, repetitions, total_reviews, correct_reviews, success_rate,
        ease_factor, stability, difficulty, state, lapses, last_review, learning_steps, mastered)
      select (d->>'id')::uuid, ${userId}, d->>'word', d->>'translation', d->>'ipa',
             d->>'reading', coalesce(d->'examples', '[]'::jsonb), d->>'mnemonic',
             array(select jsonb_array_elements_text(d->'synonyms')), d->>'grammarType',
             d->>'cefrLevel', array(select jsonb_array_elements_text(d->'themes')),
             coalesce((d->>'isFavorite')::boolean, false),
             coalesce((d->>'createdAt')::timestamptz, ${now}::timestamptz),
             coalesce((d->>'updatedAt')::timestamptz, ${now}::timestamptz),
             ${scheduleColumns(now)}
        from (select data as d, data->'schedule' as s, position from ${schema.importRows}
               where job_id = ${jobId} order by position) as staged
       -- A word merged into one of the collection is saved over it below, unless the learner
       -- deleted that word meanwhile.
       where d->>'mergeInto' is null
          or not exists (select 1 from ${schema.words} as m
                          where m.id = (d->>'mergeInto')::uuid and m.user_id = ${userId})
      on conflict do nothing
      returning id`)) as unknown as { rows: { id: string }[] };
    const count = inserted.rows.length;
    // A backup's word already in the collection: the newer card of the two is kept.
    if (extras) {
      await tx.execute(sql`
        update ${schema.words} as w
           set word = d->>'word', translation = d->>'translation', ipa = d->>'ipa',
               reading = d->>'reading', examples = coalesce(d->'examples', '[]'::jsonb),
               mnemonic = d->>'mnemonic',
               synonyms = array(select jsonb_array_elements_text(d->'synonyms')),
               grammar_type = d->>'grammarType', cefr_level = d->>'cefrLevel',
               tags = array(select jsonb_array_elements_text(d->'themes')),
               is_favorite = (d->>'isFavorite')::boolean,
               updated_at = (d->>'updatedAt')::timestamptz,
               (interval, next_review_date, repetitions, total_reviews, correct_reviews,
                success_rate, ease_factor, stability, difficulty, state, lapses, last_review,
                learning_steps, mastered) = (select ${scheduleColumns(now)})
          from (select data as d, data->'schedule' as s from ${schema.importRows}
                 where job_id = ${jobId}) as staged
         where w.user_id = ${userId} and w.id = (d->>'mergeInto')::uuid
           and greatest(w.updated_at, w.last_review) < greatest(
                 (d->>'updatedAt')::timestamptz, (s->>'lastReview')::timestamptz)`);
    }
    // The words saved (or merged) bring their review history and join their groups (made when
    // missing). A staged word is the word saved under its id, or for a backup the one it merged
    // into (found by the same Unicode-normalised key as the preview's).
    const saved = sql`${schema.importRows} as r
      join ${schema.words} as w on w.user_id = ${userId} and ${
        extras
          ? sql`w.id in ((r.data->>'id')::uuid, (r.data->>'mergeInto')::uuid)`
          : sql`w.id = (r.data->>'id')::uuid`
      }`;
    const ofJob = sql`r.job_id = ${jobId}`;
    // An answer a merged word already has (the same backup imported again) is not added twice.
    // A word saved by this import has none to look up; the lookup is one index probe per answer
    // (the `or` keeps the planner from an anti-join over the whole review log, which statistics
    // that have not yet seen this import's rows can turn into a nested loop).
    await tx.execute(sql`
      insert into ${schema.reviewLog} (id, user_id, word_id, practice_type, outcome,
        response_time, confidence_rating, rating, state, elapsed_days, scheduled_days,
        duration_ms, reviewed_at)
      select gen_random_uuid(), ${userId}, w.id, l->>'practiceType', l->>'outcome',
             (l->>'responseTime')::float8, (l->>'confidenceRating')::smallint,
             (l->>'rating')::smallint, (l->>'state')::smallint, (l->>'elapsedDays')::float8,
             (l->>'scheduledDays')::float8, (l->>'durationMs')::int,
             (l->>'reviewedAt')::timestamptz
        from ${saved}
        cross join lateral jsonb_array_elements(r.data->'log') as l
       where ${ofJob}
         and (w.id = (r.data->>'id')::uuid
              or not exists (select 1 from ${schema.reviewLog} as x
                              where x.word_id = w.id
                                and x.reviewed_at = (l->>'reviewedAt')::timestamptz
                                and x.practice_type = l->>'practiceType'))`);
    const made: { rows: { id: string }[] }[] = [];
    for (const group of extras?.groups ?? []) {
      made.push(
        (await tx.execute(sql`
          insert into ${schema.groups} (id, user_id, name, created_at)
          values (gen_random_uuid(), ${userId}, ${group.name}, ${group.createdAt}::timestamptz)
          on conflict do nothing
          returning id`)) as unknown as { rows: { id: string }[] },
      );
    }
    made.push(
      (await tx.execute(sql`
        insert into ${schema.groups} (id, user_id, name, created_at)
        select gen_random_uuid(), ${userId}, name, ${now}::timestamptz
          from (select distinct g.name from ${saved}
                 cross join lateral jsonb_array_elements_text(r.data->'groups') as g(name)
                 where ${ofJob}) as decks
        on conflict do nothing
        returning id`)) as unknown as { rows: { id: string }[] },
    );
    await tx.execute(sql`
      insert into ${schema.groupWords} (group_id, word_id)
      select g.id, w.id from ${saved}
        cross join lateral jsonb_array_elements_text(r.data->'groups') as member(name)
        join ${schema.groups} as g on g.user_id = ${userId} and g.name = member.name
       where ${ofJob}
      on conflict do nothing`);
    if (extras) await restoreHistory(tx, userId, jobId, extras, saved);
    // The counters follow the collection: a backup brings mastered words and merges others.
    await tx.execute(sql`
      update ${schema.profiles} as p
         set total_words = (select count(*) from ${schema.words} where user_id = p.id),
             mastered_words = (select count(*) from ${schema.words}
                                where user_id = p.id and mastered)
       where p.id = ${userId}`);
    await tx.delete(schema.importRows).where(eq(schema.importRows.jobId, jobId));
    // Words saved by hand since the check are the ones the move skipped: duplicates.
    const [finished] = await tx
      .update(jobs)
      .set({
        status: 'done',
        done: rows.length,
        imported: count,
        duplicates: sql`${jobs.duplicates} + ${words.length - count}`,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running')))
      .returning({ id: jobs.id });
    // Taken for dead meanwhile: nothing of it may stay.
    if (!finished) tx.rollback();
    return {
      count,
      groups: made.reduce((sum, result) => sum + result.rows.length, 0),
      savedIds: inserted.rows.map((r) => r.id),
    };
  });
  await publish(services, userId, jobId);
  if (imported > 0 || (extras && words.length > 0)) {
    await services.events.publish({ userId, kind: 'words.changed' });
    if (groups > 0) await services.events.publish({ userId, kind: 'groups.changed' });
    services.groups.wordSaved(userId);
    // With an AI provider, the words saved get the rest of their cards in the background.
    await queueEnrichment(services, userId, savedIds, now);
  }
  if (extras) await services.events.publish({ userId, kind: 'profile.changed' });
}

/**
 * A backup's finished sessions (each once: one the learner has, by its start, is not added
 * again), its streak (the later study day wins) and its study time (the larger total).
 */
async function restoreHistory(
  tx: Executor,
  userId: string,
  jobId: string,
  extras: BackupExtras,
  saved: SQL,
): Promise<void> {
  const found = (await tx.execute(sql`
    select r.data->>'fileId' as "fileId", w.id as id from ${saved}
     where r.job_id = ${jobId}`)) as unknown as { rows: { fileId: string; id: string }[] };
  const wordOf = new Map(found.rows.map((r) => [r.fileId, r.id]));
  const s = schema.dailyPracticeSessions;
  const known = await tx.select({ startedAt: s.startedAt }).from(s).where(eq(s.userId, userId));
  const startedBefore = new Set(known.map((k) => k.startedAt.getTime()));
  const sessions = extras.sessions.filter((x) => !startedBefore.has(Date.parse(x.startedAt)));
  for (let i = 0; i < sessions.length; i += STAGE_ROWS) {
    await tx.insert(s).values(
      sessions.slice(i, i + STAGE_ROWS).map(({ words, ...session }) => ({
        ...session,
        id: randomUUID(),
        userId,
        wordIds: words.flatMap((id) => wordOf.get(id) ?? []),
        startedAt: new Date(session.startedAt),
        expiresAt: new Date(session.expiresAt),
        completedAt: new Date(session.completedAt),
      })),
    );
  }
  const p = schema.profiles;
  const { streak } = extras;
  await tx
    .update(p)
    .set({
      totalStudyTime: sql`greatest(${p.totalStudyTime}, ${extras.totalStudyTime})`,
      ...(streak?.lastStudyDate
        ? {
            currentStreak: sql`case when ${p.lastStudyDate} is null
              or ${p.lastStudyDate} < ${streak.lastStudyDate}::date
              or (${p.lastStudyDate} = ${streak.lastStudyDate}::date and ${p.currentStreak} < ${streak.current}::int)
              then ${streak.current}::int else ${p.currentStreak} end`,
            lastStudyDate: sql`greatest(${p.lastStudyDate}, ${streak.lastStudyDate}::date)`,
          }
        : {}),
    })
    .where(eq(p.id, userId));
}

export async function getImport(
  services: ImportServices,
  user: SessionUser,
  id: string,
): Promise<ImportJob> {
  await failDeadJobs(services, user.id);
  const [row] = await services.db
    .select()
    .from(schema.importJobs)
    .where(and(eq(schema.importJobs.id, id), eq(schema.importJobs.userId, user.id)));
  if (!row) throw new ApiError('NOT_FOUND', 'Import not found');
  return toJob(row);
}

/** The learner's latest import, so the screen finds a running one again after a reload. */
export async function latestImport(
  services: ImportServices,
  user: SessionUser,
): Promise<ImportJob | null> {
  await failDeadJobs(services, user.id);
  const [row] = await services.db
    .select()
    .from(schema.importJobs)
    .where(eq(schema.importJobs.userId, user.id))
    .orderBy(desc(schema.importJobs.createdAt))
    .limit(1);
  return row ? toJob(row) : null;
}
