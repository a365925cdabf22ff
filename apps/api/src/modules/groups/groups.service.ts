import { schema, type Database } from '@verba/db';
import {
  AI_QUOTAS,
  GROUP_MAX_WORDS_PER_RUN,
  GROUP_MIN_WORDS,
  type GroupDetail,
  type GroupList,
  type GroupSummary,
  type SessionUser,
} from '@verba/shared';
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { dailyAiQuota, notConfiguredError } from '../../ai/index.ts';
import type { Env } from '../../env.ts';
import type { AiProvider } from '../../ai/index.ts';
import type { Events } from '../../lib/events.ts';
import type { Logger } from '../../lib/logger.ts';
import { ApiError } from '../../lib/errors.ts';
import { consumeRateLimit, countUse } from '../../lib/rate-limit.ts';
import { keepDeleted, takeDeleted } from '../deleted-items/deleted-items.ts';
import { toWord } from '../words/words.service.ts';
import { createCoalescer, type RunMode, type RunOutcome } from './coalescer.ts';
import type { GroupGeneration } from './group-generation.ts';
import { generateGrouping, type ProposedGroup } from './groups.prompt.ts';

const { groups, groupWords, words } = schema;

/** Least time between two grouping runs of one learner (see coalescer.ts). */
export const GROUPING_COOLDOWN_MS = 60_000;
/** How long the first save waits for more saves before the run starts. */
export const GROUPING_DEBOUNCE_MS = 2_000;

const summaryColumns = {
  id: groups.id,
  name: groups.name,
  createdAt: groups.createdAt,
  totalWords: sql<number>`count(${words.id})::int`,
  masteredWords: sql<number>`count(${words.id}) filter (where ${words.mastered})::int`,
};

function toSummary(row: {
  id: string;
  name: string;
  createdAt: Date;
  totalWords: number;
  masteredWords: number;
}): GroupSummary {
  return {
    id: row.id,
    name: row.name,
    totalWords: row.totalWords,
    masteredWords: row.masteredWords,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The learner's groups, newest first, with counts from their members; empty groups are hidden. */
export async function listGroupSummaries(db: Database, userId: string): Promise<GroupSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(groups)
    .innerJoin(groupWords, eq(groupWords.groupId, groups.id))
    .innerJoin(words, and(eq(words.id, groupWords.wordId), eq(words.userId, userId)))
    .where(eq(groups.userId, userId))
    .groupBy(groups.id)
    .orderBy(desc(groups.createdAt), asc(groups.name));
  return rows.map(toSummary);
}

export async function getGroupDetail(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<GroupDetail> {
  const [group] = await db
    .select({ id: groups.id, name: groups.name, createdAt: groups.createdAt })
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.userId, user.id)));
  if (!group) throw new ApiError('NOT_FOUND', 'Group not found');
  const rows = await db
    .select({ word: words })
    .from(groupWords)
    .innerJoin(words, and(eq(words.id, groupWords.wordId), eq(words.userId, user.id)))
    .where(eq(groupWords.groupId, id))
    .orderBy(asc(sql`lower(${words.word})`));
  const members = rows.map((r) => toWord(r.word));
  return {
    id: group.id,
    name: group.name,
    createdAt: group.createdAt.toISOString(),
    totalWords: members.length,
    masteredWords: members.filter((w) => w.mastered).length,
    words: members,
  };
}

export interface GroupingDeps {
  db: Database;
  ai: AiProvider;
  events: Events;
  logger: Logger;
  env: Pick<Env, 'AI_DAILY_LIMIT'>;
  clock: () => Date;
  /** Least time between two automatic runs of one learner, across every server process. */
  cooldownMs: number;
}

/**
 * Takes the learner's turn to call the model, shared by every server process through a row in
 * rate_limits, so several processes together stay within one automatic run per cooldown. Answers
 * how long an automatic run must wait; the Generate button takes the turn without waiting.
 */
async function takeTurn(deps: GroupingDeps, userId: string, mode: RunMode): Promise<number> {
  const now = deps.clock();
  const { count, windowEndsAt } = await countUse(
    deps.db,
    `groups:turn:${userId}`,
    deps.cooldownMs / 1000,
    now,
  );
  return mode === 'full' || count === 1 ? 0 : windowEndsAt.getTime() - now.getTime();
}

/**
 * One grouping run. 'incremental' places the words that are in no group yet, into the existing
 * groups where they fit (all words when there are no groups); 'full' regroups everything, keeping
 * the groups whose names survive. Nothing changes unless the model's answer passes its checks; the
 * outcome is announced as `groups.changed` or `groups.failed`.
 */
export async function runGrouping(
  deps: GroupingDeps,
  userId: string,
  mode: RunMode,
): Promise<RunOutcome> {
  const { db, events } = deps;
  const existing = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.userId, userId));
  const [{ n: wordCount } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(words)
    .where(eq(words.userId, userId));
  if (wordCount < GROUP_MIN_WORDS) return false;

  const placeOnlyNew = mode === 'incremental' && existing.length > 0;
  const candidates = await db
    .select({ id: words.id, word: words.word, translation: words.translation })
    .from(words)
    .where(
      and(
        eq(words.userId, userId),
        placeOnlyNew
          ? notExists(
              db
                .select({ one: sql`1` })
                .from(groupWords)
                .innerJoin(groups, eq(groups.id, groupWords.groupId))
                .where(and(eq(groupWords.wordId, words.id), eq(groups.userId, userId))),
            )
          : undefined,
      ),
    )
    .orderBy(desc(words.createdAt), desc(words.id))
    .limit(GROUP_MAX_WORDS_PER_RUN);
  if (candidates.length === 0) return false;
  const retryAfterMs = await takeTurn(deps, userId, mode);
  if (retryAfterMs > 0) return { retryAfterMs };

  try {
    if (!deps.ai.configured) throw notConfiguredError();
    const proposed = await generateGrouping(
      { words: candidates, existingGroups: placeOnlyNew ? existing.map((g) => g.name) : [] },
      { ai: deps.ai, countCall: dailyAiQuota({ db, env: deps.env, clock: deps.clock }, userId) },
    );
    await storeGroups(db, userId, proposed, mode === 'full');
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'word grouping failed; the groups stay as they were');
    await events.publish({ userId, kind: 'groups.failed' });
    return true;
  }
  await events.publish({ userId, kind: 'groups.changed' });
  return true;
}

/** Writes a checked grouping in one transaction; `replace` also drops what the answer left out. */
async function storeGroups(
  db: Database,
  userId: string,
  proposed: ProposedGroup[],
  replace: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.userId, userId));
    const byKey = new Map(current.map((g) => [g.name.toLowerCase(), g]));
    const proposedKeys = new Set(proposed.map((g) => g.name.toLowerCase()));
    if (replace) {
      const ids = current.map((g) => g.id);
      if (ids.length > 0) await tx.delete(groupWords).where(inArray(groupWords.groupId, ids));
      const gone = current.filter((g) => !proposedKeys.has(g.name.toLowerCase())).map((g) => g.id);
      if (gone.length > 0) await tx.delete(groups).where(inArray(groups.id, gone));
    }
    // Words deleted while the model was thinking are left out.
    const allIds = [...new Set(proposed.flatMap((g) => g.wordIds))];
    const stillThere = new Set(
      allIds.length === 0
        ? []
        : (
            await tx
              .select({ id: words.id })
              .from(words)
              .where(and(eq(words.userId, userId), inArray(words.id, allIds)))
          ).map((r) => r.id),
    );
    for (const group of proposed) {
      const members = group.wordIds.filter((id) => stillThere.has(id));
      if (members.length === 0) continue;
      let id = byKey.get(group.name.toLowerCase())?.id;
      if (!id) {
        const [row] = await tx
          .insert(groups)
          .values({ userId, name: group.name })
          .returning({ id: groups.id });
        id = row?.id;
      }
      if (!id) continue;
      await tx
        .insert(groupWords)
        .values(members.map((wordId) => ({ groupId: id, wordId })))
        .onConflictDoNothing();
    }
  });
}

export function createGroupGeneration(
  deps: Omit<GroupingDeps, 'cooldownMs'>,
  { cooldownMs = GROUPING_COOLDOWN_MS, debounceMs = GROUPING_DEBOUNCE_MS } = {},
): GroupGeneration {
  const coalescer = createCoalescer({
    run: (userId, mode) => runGrouping({ ...deps, cooldownMs }, userId, mode),
    cooldownMs,
    debounceMs,
    now: () => deps.clock().getTime(),
    onError: (error, userId) => deps.logger.error({ err: error, userId }, 'word grouping crashed'),
  });
  return {
    wordSaved: (userId) => {
      if (deps.ai.configured) coalescer.request(userId, 'incremental');
    },
    request: async (user, { auto }) => {
      if (!deps.ai.configured) throw notConfiguredError();
      await consumeRateLimit(
        deps.db,
        `ai:groups:${user.id}`,
        AI_QUOTAS.groupGeneration,
        deps.clock(),
      );
      return coalescer.request(user.id, auto ? 'incremental' : 'full', { immediate: !auto });
    },
    busy: coalescer.busy,
    flush: coalescer.flush,
    idle: coalescer.idle,
    close: coalescer.close,
  };
}

export async function listGroups(
  services: { db: Database; groups: GroupGeneration },
  user: SessionUser,
): Promise<GroupList> {
  return {
    groups: await listGroupSummaries(services.db, user.id),
    generating: services.groups.busy(user.id),
  };
}

/** A deleted group as it is kept for Undo: its row and its words' ids. */
interface DeletedGroup {
  group: { name: string; created_at: string };
  wordIds: string[];
}

/**
 * Deletes a group; its words stay in the collection. The group is kept with its words' ids for
 * the undo window (`restoreGroup`, docs/decisions/018).
 */
export async function deleteGroup(
  services: { db: Database; events: Events; clock: () => Date },
  user: SessionUser,
  id: string,
): Promise<void> {
  const now = services.clock();
  const deleted = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), eq(groups.userId, user.id)))
      .for('update');
    if (!row) return false;
    await keepDeleted(
      tx,
      { id, userId: user.id, kind: 'group', now },
      sql`select jsonb_build_object(
        'group', (select to_jsonb(g) from ${groups} g
                   where g.id = ${id} and g.user_id = ${user.id}),
        'wordIds', coalesce((select jsonb_agg(gw.word_id) from ${groupWords} gw
                              where gw.group_id = ${id}), '[]'::jsonb))`,
    );
    await tx.delete(groups).where(and(eq(groups.id, id), eq(groups.userId, user.id)));
    return true;
  });
  if (!deleted) throw new ApiError('NOT_FOUND', 'Group not found');
  await services.events.publish({ userId: user.id, kind: 'groups.changed' });
}

/**
 * Undo of a group's delete within its window: the group comes back under its own id with those
 * of its words that are still in the collection. If a grouping run made a group of the same name
 * meanwhile, the words join that one. A replay answers with the group restored the first time.
 */
export async function restoreGroup(
  services: { db: Database; events: Events; clock: () => Date },
  user: SessionUser,
  id: string,
): Promise<GroupDetail> {
  const now = services.clock();
  const restored = await services.db.transaction(async (tx) => {
    const kept = await takeDeleted<DeletedGroup>(tx, { id, userId: user.id, kind: 'group', now });
    // Nothing to restore: a replay of an undo that worked finds the group in place.
    if (!kept) return null;
    await tx
      .insert(groups)
      .values({
        id,
        userId: user.id,
        name: kept.group.name,
        createdAt: new Date(kept.group.created_at),
      })
      .onConflictDoNothing();
    const [target] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.userId, user.id), eq(groups.name, kept.group.name)));
    if (!target) return null;
    if (kept.wordIds.length > 0) {
      await tx.execute(sql`insert into ${groupWords} (group_id, word_id)
        select ${target.id}::uuid, ${words.id} from ${words}
         where ${and(eq(words.userId, user.id), inArray(words.id, kept.wordIds))}
        on conflict do nothing`);
    }
    return target.id;
  });
  if (restored) await services.events.publish({ userId: user.id, kind: 'groups.changed' });
  return getGroupDetail(services.db, user, restored ?? id);
}
