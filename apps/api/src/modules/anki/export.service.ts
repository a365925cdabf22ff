import { schema, type Database } from '@verba/db';
import type { SessionUser } from '@verba/shared';
import { DEFAULT_DESIRED_RETENTION } from '@verba/srs';
import { and, asc, eq } from 'drizzle-orm';
import type { ExportCollection, ExportReview, ExportWord } from './export-data.ts';

/**
 * The learner's words with their schedules, groups (oldest group first) and review histories
 * (oldest answer first), for the exports; nothing of anyone else's.
 */
export async function loadExportCollection(
  db: Database,
  user: SessionUser,
  now: Date,
): Promise<ExportCollection> {
  const w = schema.words;
  const rl = schema.reviewLog;
  const g = schema.groups;
  const gw = schema.groupWords;
  const lp = schema.learnerParameters;
  const [words, reviews, memberships, params] = await Promise.all([
    db
      .select({
        id: w.id,
        word: w.word,
        translation: w.translation,
        ipa: w.ipa,
        grammarType: w.grammarType,
        examples: w.examples,
        mnemonic: w.mnemonic,
        synonyms: w.synonyms,
        cefrLevel: w.cefrLevel,
        themes: w.tags,
        createdAt: w.createdAt,
        updatedAt: w.updatedAt,
        interval: w.interval,
        nextReviewDate: w.nextReviewDate,
        totalReviews: w.totalReviews,
        easeFactor: w.easeFactor,
        stability: w.stability,
        difficulty: w.difficulty,
        state: w.state,
        lapses: w.lapses,
        lastReview: w.lastReview,
      })
      .from(w)
      .where(eq(w.userId, user.id))
      .orderBy(asc(w.createdAt), asc(w.id)),
    db
      .select({
        wordId: rl.wordId,
        reviewedAt: rl.reviewedAt,
        rating: rl.rating,
        durationMs: rl.durationMs,
        state: rl.state,
        scheduledDays: rl.scheduledDays,
      })
      .from(rl)
      .where(eq(rl.userId, user.id))
      .orderBy(asc(rl.reviewedAt), asc(rl.id)),
    db
      .select({ wordId: gw.wordId, name: g.name })
      .from(gw)
      .innerJoin(g, and(eq(g.id, gw.groupId), eq(g.userId, user.id)))
      .orderBy(asc(g.createdAt), asc(g.name)),
    db.select({ desiredRetention: lp.desiredRetention }).from(lp).where(eq(lp.userId, user.id)),
  ]);
  const history = new Map<string, ExportReview[]>();
  for (const { wordId, ...review } of reviews) {
    const list = history.get(wordId);
    if (list) list.push(review);
    else history.set(wordId, [review]);
  }
  const groups = new Map<string, string[]>();
  for (const { wordId, name } of memberships) {
    const list = groups.get(wordId);
    if (list) list.push(name);
    else groups.set(wordId, [name]);
  }
  return {
    words: words.map((word): ExportWord => ({
      ...word,
      groups: groups.get(word.id) ?? [],
      reviews: history.get(word.id) ?? [],
    })),
    desiredRetention: params[0]?.desiredRetention ?? DEFAULT_DESIRED_RETENTION,
    now,
  };
}
