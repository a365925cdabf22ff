import { preparedStatements, schema, type Database } from '@verba/db';
import {
  languageOrDefault,
  VALIDATION,
  DEFAULT_NATIVE_LANGUAGE,
  DEFAULT_TARGET_LANGUAGE,
  type CompleteOnboardingInput,
  type Profile,
  type SessionUser,
  type UpdateProfileInput,
  localDay,
  safeTimeZone,
  standingStreak,
} from '@verba/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';

type ProfileRow = typeof schema.profiles.$inferSelect;

function toProfile(row: ProfileRow, email: string, now: Date): Profile {
  return {
    id: row.id,
    email,
    displayName: row.displayName,
    nativeLanguage: languageOrDefault(row.nativeLanguage, DEFAULT_NATIVE_LANGUAGE),
    targetLanguage: languageOrDefault(row.targetLanguage, DEFAULT_TARGET_LANGUAGE),
    onboardingCompleted: row.onboardingCompleted,
    analyticsEnabled: row.analyticsEnabled,
    totalWords: row.totalWords,
    masteredWords: row.masteredWords,
    currentStreak: standingStreak(
      row.currentStreak,
      row.lastStudyDate,
      localDay(now, safeTimeZone(row.timeZone)),
    ),
    totalStudyTime: row.totalStudyTime,
  };
}

const w = schema.words;
const p = schema.profiles;

const statements = preparedStatements((db) => ({
  byId: db
    .select()
    .from(schema.profiles)
    .where(eq(schema.profiles.id, sql.placeholder('id')))
    .prepare('profile_by_id'),
  /**
   * The profile with its word counts taken from the words themselves in the same read (the
   * spec's profile-stats synchronisation), so the progress cards never drift from the collection.
   */
  withStats: db
    .select({
      profile: p,
      totalWords: sql<number>`(select count(*)::int from ${w} where ${w}.user_id = ${p}.id)`,
      masteredWords: sql<number>`(select count(*)::int from ${w} where ${w}.user_id = ${p}.id and ${w}.mastered)`,
    })
    .from(p)
    .where(eq(p.id, sql.placeholder('id')))
    .prepare('profile_with_stats_by_id'),
}));

/**
 * The profile as the profile screen opens it (the spec's profile-stats synchronisation): total
 * and mastered words counted from the words in the same read. Every other read, the app shell's
 * on each start among them, uses the stored counters, which every save, delete and mastery change
 * keeps in its own transaction. Reading writes nothing.
 */
export async function getProfileWithStats(
  db: Database,
  user: SessionUser,
  now = new Date(),
): Promise<Profile> {
  const [row] = await statements(db).withStats.execute({ id: user.id });
  if (!row) throw new ApiError('NOT_FOUND', 'Profile not found');
  return toProfile(
    { ...row.profile, totalWords: row.totalWords, masteredWords: row.masteredWords },
    user.email,
    now,
  );
}

/** The user's profile. Reading never writes: it is created with the account. */
export async function getProfile(
  db: Database,
  user: SessionUser,
  now = new Date(),
): Promise<Profile> {
  const [row] = await statements(db).byId.execute({ id: user.id });
  if (!row) throw new ApiError('NOT_FOUND', 'Profile not found');
  return toProfile(row, user.email, now);
}

/**
 * Writes the profile row of an account that has none: sign-up writes it with the account, so
 * only an account whose sign-up stopped half-way lacks one; signing in repairs it.
 */
export async function ensureProfile(db: Database, userId: string): Promise<void> {
  await db.insert(schema.profiles).values({ id: userId }).onConflictDoNothing();
}

/** One statement: the languages are checked against the stored ones in the same update. */
export async function updateProfile(
  db: Database,
  user: SessionUser,
  patch: UpdateProfileInput,
): Promise<Profile> {
  const t = schema.profiles;
  const nativeLanguage = patch.nativeLanguage ?? t.nativeLanguage;
  const targetLanguage = patch.targetLanguage ?? t.targetLanguage;
  const [row] = await db
    .update(t)
    .set({
      ...(patch.displayName !== undefined ? { displayName: patch.displayName || null } : {}),
      ...(patch.analyticsEnabled !== undefined ? { analyticsEnabled: patch.analyticsEnabled } : {}),
      ...(patch.nativeLanguage ? { nativeLanguage: patch.nativeLanguage } : {}),
      ...(patch.targetLanguage ? { targetLanguage: patch.targetLanguage } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, user.id), ne(sql`${nativeLanguage}`, sql`${targetLanguage}`)))
    .returning();
  if (row) return toProfile(row, user.email, new Date());
  await getProfile(db, user); // 404 when there is no profile at all
  throw new ApiError('VALIDATION_ERROR', VALIDATION.languagesMustDiffer, {
    issues: [{ path: 'targetLanguage', message: VALIDATION.languagesMustDiffer }],
  });
}

/** Saves the chosen languages and marks onboarding done; repeating it changes nothing more. */
export async function completeOnboarding(
  db: Database,
  user: SessionUser,
  input: CompleteOnboardingInput,
): Promise<Profile> {
  const values = { ...input, onboardingCompleted: true, updatedAt: new Date() };
  // One statement: creates the profile should sign-up have stopped before writing it.
  const [row] = await db
    .insert(schema.profiles)
    .values({ id: user.id, ...values })
    .onConflictDoUpdate({ target: schema.profiles.id, set: values })
    .returning();
  if (!row) throw new ApiError('INTERNAL_ERROR', 'Could not save the profile');
  return toProfile(row, user.email, new Date());
}
