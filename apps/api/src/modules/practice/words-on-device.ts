/**
 * What a device keeps to start practice while offline (`GET /api/practice/offline-words`): the
 * learner's words due soonest, as a session shows them, with their repetitions (the practice mix
 * by maturity) and due dates. The device builds its sessions from them with the shared builder.
 */
import { schema, type Database } from '@verba/db';
import { PRACTICE_LIMITS, type SessionUser, type WordsOnDevice } from '@verba/shared';
import { asc, eq } from 'drizzle-orm';
import { shownWords } from './session-mapper.ts';

const words = schema.words;
const profiles = schema.profiles;

export async function wordsOnDevice(db: Database, user: SessionUser): Promise<WordsOnDevice> {
  const [profile] = await db
    .select({ targetLanguage: profiles.targetLanguage, nativeLanguage: profiles.nativeLanguage })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const rows = await db
    .select({
      id: words.id,
      word: words.word,
      translation: words.translation,
      ipa: words.ipa,
      reading: words.reading,
      examples: words.examples,
      mastered: words.mastered,
      repetitions: words.repetitions,
      nextReviewDate: words.nextReviewDate,
    })
    .from(words)
    .where(eq(words.userId, user.id))
    // Oldest due first, as a daily session picks them (the same order as its due words).
    .orderBy(asc(words.nextReviewDate), asc(words.id))
    .limit(PRACTICE_LIMITS.wordsOnDevice);
  const shown = shownWords(rows, profile);
  return {
    words: rows.map((w, i) => ({
      ...shown[i]!,
      repetitions: w.repetitions,
      nextReviewDate: w.nextReviewDate.toISOString(),
    })),
  };
}
