import { randomUUID } from 'node:crypto';
import { schema, type Database } from '@verba/db';
import {
  AI_QUOTAS,
  createWordInputSchema,
  SUGGESTIONS_REFILL_BELOW,
  type AddSuggestionResult,
  type SessionUser,
  type WordSuggestion,
} from '@verba/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { dailyAiQuota } from '../../ai/index.ts';
import type { Services } from '../../app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import { clearRateLimit, consumeRateLimit, countUse } from '../../lib/rate-limit.ts';
import { getProfile } from '../profile/profile.service.ts';
import { createWord, generateCard } from '../words/words.service.ts';
import { filterSuggestions, generateSuggestions } from './suggestions.prompt.ts';

const cache = schema.wordSuggestionsCache;
const words = schema.words;

/** Most of the learner's words sent to the model as "already known". */
const EXCLUDE_MAX = 300;

type SuggestionServices = Pick<Services, 'db' | 'ai' | 'env' | 'clock' | 'events'>;

async function readCache(db: Database, userId: string): Promise<WordSuggestion[]> {
  const [row] = await db
    .select({ suggestions: cache.suggestions })
    .from(cache)
    .where(eq(cache.userId, userId));
  return row?.suggestions ?? [];
}

async function writeCache(db: Database, userId: string, suggestions: WordSuggestion[]) {
  await db
    .insert(cache)
    .values({ userId, suggestions })
    .onConflictDoUpdate({ target: cache.userId, set: { suggestions, updatedAt: new Date() } });
}

/** What the suggestions are fitted to: the learner's words, their usual level and themes. */
async function learnerContext(db: Database, userId: string) {
  const rows = await db
    .select({ word: words.word, cefrLevel: words.cefrLevel, tags: words.tags })
    .from(words)
    .where(eq(words.userId, userId))
    .orderBy(desc(words.createdAt))
    .limit(EXCLUDE_MAX);
  const levels = new Map<string, number>();
  const themes = new Map<string, number>();
  for (const row of rows) {
    if (row.cefrLevel) levels.set(row.cefrLevel, (levels.get(row.cefrLevel) ?? 0) + 1);
    for (const tag of row.tags) themes.set(tag, (themes.get(tag) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>) =>
    [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map((e) => e[0]);
  return {
    words: rows.map((r) => r.word),
    level: top(levels)[0] ?? null,
    themes: top(themes).slice(0, 5),
  };
}

/** Every word of the learner, lower-cased: checked in code, whatever the model was told. */
async function ownedWords(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ word: sql<string>`lower(${words.word})` })
    .from(words)
    .where(eq(words.userId, userId));
  return rows.map((r) => r.word);
}

async function fresh(
  services: SuggestionServices,
  user: SessionUser,
  keep: WordSuggestion[],
): Promise<WordSuggestion[]> {
  const { db } = services;
  const profile = await getProfile(db, user);
  const context = await learnerContext(db, user.id);
  const generated = await generateSuggestions(
    {
      nativeLanguage: profile.nativeLanguage,
      targetLanguage: profile.targetLanguage,
      level: context.level,
      themes: context.themes,
      exclude: [...context.words, ...keep.map((s) => s.word)],
    },
    { ai: services.ai, countCall: dailyAiQuota(services, user.id) },
  );
  const owned = await ownedWords(db, user.id);
  return filterSuggestions([...keep, ...generated], owned);
}

/**
 * The learner's suggestions: the cached ones still new to them, refilled by the AI provider when
 * fewer than 4 remain. When the provider fails, what is cached is still answered; with nothing
 * cached, the failure is.
 */
export async function getSuggestions(
  services: SuggestionServices,
  user: SessionUser,
): Promise<WordSuggestion[]> {
  const { db } = services;
  const cached = filterSuggestions(await readCache(db, user.id), await ownedWords(db, user.id));
  if (cached.length >= SUGGESTIONS_REFILL_BELOW || !services.ai.configured) return cached;
  try {
    // Two screens asking at once (a live update and a refetch) share one refill.
    let refill = refilling.get(user.id);
    if (!refill) {
      refill = (async () => {
        // This read refills on its own (the spec's cache) and runs again after every change to
        // the words. A refill that came back short (the model keeps naming words the learner
        // has) holds the next one off for a minute, so such a model cannot spend their quota.
        const key = `suggestions:short-refill:${user.id}`;
        const turn = await countUse(db, key, 60, services.clock());
        if (turn.count > 1 && cached.length > 0) return cached;
        const suggestions = await fresh(services, user, cached);
        await writeCache(db, user.id, suggestions);
        if (suggestions.length >= SUGGESTIONS_REFILL_BELOW) await clearRateLimit(db, key);
        return suggestions;
      })().finally(() => refilling.delete(user.id));
      refilling.set(user.id, refill);
    }
    return await refill;
  } catch (error) {
    if (cached.length > 0) return cached;
    throw error;
  }
}

/** Refills under way in this process, by learner. */
const refilling = new Map<string, Promise<WordSuggestion[]>>();

/** Replaces the cached suggestions with new ones (the spec's SUGGESTION_REFRESH quota: 5 per 60 s). */
export async function refreshSuggestions(
  services: SuggestionServices,
  user: SessionUser,
): Promise<WordSuggestion[]> {
  const { db } = services;
  await consumeRateLimit(
    db,
    `ai:suggestions:${user.id}`,
    AI_QUOTAS.suggestionRefresh,
    services.clock(),
  );
  // The new list replaces the cached one; a failed refresh keeps what was there.
  const suggestions = await fresh(services, user, []);
  await writeCache(db, user.id, suggestions);
  await services.events.publish({ userId: user.id, kind: 'suggestions.changed' });
  return suggestions;
}

/**
 * Adds a suggestion to the collection: its full card is written by the AI provider (counted like
 * any generation) and saved through the words service; the suggestion leaves the list.
 */
export async function addSuggestion(
  services: SuggestionServices & Pick<Services, 'groups'>,
  user: SessionUser,
  word: string,
): Promise<AddSuggestionResult> {
  const { db } = services;
  const current = await readCache(db, user.id);
  const key = word.toLocaleLowerCase();
  const suggestion = current.find((s) => s.word.toLocaleLowerCase() === key);
  if (!suggestion) throw new ApiError('NOT_FOUND', 'This word is not among your suggestions');
  const card = await generateCard(services, user, suggestion.word);
  const { word: saved } = await createWord(
    services,
    user,
    createWordInputSchema.parse({ ...card, id: randomUUID() }),
  );
  const remaining = current.filter((s) => s.word.toLocaleLowerCase() !== key);
  await writeCache(db, user.id, remaining);
  await services.events.publish({ userId: user.id, kind: 'suggestions.changed' });
  return { word: saved, suggestions: remaining };
}
