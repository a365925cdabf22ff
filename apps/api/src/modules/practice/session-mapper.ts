import type { schema, StoredPracticeItem } from '@verba/db';
import {
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  languageOrDefault,
  type PracticeItem,
  type PracticeSession,
  type PracticeWord,
} from '@verba/shared';

/** A practice session as stored. */
export type SessionRow = typeof schema.dailyPracticeSessions.$inferSelect;

/** A stored item as the API shows it: its answer only as done and right or wrong. */
export function toItem(item: StoredPracticeItem): PracticeItem {
  return {
    index: item.index,
    wordId: item.wordId,
    type: item.type,
    direction: item.direction,
    options: item.options,
    completed: item.answer !== null,
    correct: item.answer ? item.answer.correct : null,
  };
}

/** A session's end: when it was completed and its summary, or nulls while it is open. */
export function sessionEnd(row: SessionRow): Pick<PracticeSession, 'completedAt' | 'summary'> {
  if (!row.completedAt) return { completedAt: null, summary: null };
  const items = row.items.length;
  return {
    completedAt: row.completedAt.toISOString(),
    summary: {
      wordsPracticed: row.wordsPracticed,
      correctCount: row.correctCount,
      accuracy: items === 0 ? 0 : Math.round((row.correctCount / items) * 100),
      totalTimeSeconds: row.totalTimeSeconds,
      currentStreak: row.streakAfter ?? 0,
    },
  };
}

/** The one place a session row becomes the API's session. */
export function toPracticeSession(row: SessionRow): PracticeSession {
  return {
    id: row.id,
    mode: row.mode === 'infinity' ? 'infinity' : 'daily',
    words: row.words,
    items: row.items.map(toItem),
    startedAt: row.startedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ...sessionEnd(row),
  };
}

/** The columns of a word a session shows. */
type ShownWordRow = Pick<
  typeof schema.words.$inferSelect,
  'id' | 'word' | 'translation' | 'ipa' | 'reading' | 'examples' | 'mastered'
>;

/**
 * Words as a session shows them, in the learner's languages (a session started on the server, or
 * the words a device keeps to start one offline): two examples each, their targets and
 * translations only.
 */
export function shownWords(
  rows: readonly ShownWordRow[],
  profile: { targetLanguage: string | null; nativeLanguage: string | null } | undefined,
): PracticeWord[] {
  const language = languageOrDefault(profile?.targetLanguage, DEFAULT_TARGET_LANGUAGE);
  const translationLanguage = languageOrDefault(profile?.nativeLanguage, DEFAULT_NATIVE_LANGUAGE);
  return rows.map((w) => ({
    id: w.id,
    word: w.word,
    translation: w.translation,
    ipa: w.ipa,
    reading: w.reading,
    language,
    translationLanguage,
    examples: w.examples.slice(0, 2).map((e) => ({ target: e.target, translation: e.translation })),
    mastered: w.mastered,
  }));
}
