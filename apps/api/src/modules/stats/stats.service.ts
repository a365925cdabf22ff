/**
 * GET /api/stats: the Progress screen in one answer. The profile's read first adds the reviews
 * made since the last read to the learner's days (`review_days_count_new`, migration 0016); then
 * side by side: the days (`review_days`: calendar, retention, study time, streaks) and the
 * figures from the words, kept per learner until their words change (`WordFiguresCache`): words
 * due per local day on the next-review index (forecast, counted against the days' starts) and one
 * pass over the words (collection, memory). Local days are the learner's, in their stored zone,
 * so a 23- or 25-hour day is one day. Decisions 036 and 050.
 */
import { preparedStatements, schema, type Database } from '@verba/db';
import {
  CEFR_LEVELS,
  DIFFICULTY_BUCKETS,
  STABILITY_EDGES_DAYS,
  STATS_LIMITS,
  type SessionUser,
  type Stats,
  localDay,
  safeTimeZone,
  standingStreak,
} from '@verba/shared';
import { and, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import type { WordFiguresCache } from './word-figures-cache.ts';
import {
  calendarDays,
  dueForecast,
  longestStreak,
  retentionPeriods,
  localDayStarts,
  type DueSlotRow,
  type ReviewDayRow,
  type SessionDayRow,
} from './stats-figures.ts';

const days = schema.reviewDays;
const words = schema.words;
const profiles = schema.profiles;

const userId = sql.placeholder('userId');

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Words whose `column` is in [low, high): plain comparisons, cheap on every row. */
const inRange = (column: SQLWrapper, low: number | null, high: number | null) =>
  sql.join(
    [
      ...(low === null ? [] : [sql`${column} >= ${sql.raw(String(low))}`]),
      ...(high === null ? [] : [sql`${column} < ${sql.raw(String(high))}`]),
    ],
    sql` and `,
  );
const reviewed = sql`${words.state} <> 0`;

const statements = preparedStatements((db) => ({
  profile: db
    .select({
      // The reviews made since the last read join their days before the days are read.
      counted: sql<number>`review_days_count_new(${profiles.id})`,
      timeZone: profiles.timeZone,
      currentStreak: profiles.currentStreak,
      lastStudyDate: profiles.lastStudyDate,
      target: sql<number>`coalesce((select ${schema.learnerParameters.desiredRetention}
        from ${schema.learnerParameters} where ${schema.learnerParameters.userId} = ${profiles.id}), 0.9)`,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .prepare('stats_profile'),
  /**
   * Every day the learner reviewed or completed a session on (a few hundred rows a year), all of
   * them: the longest streak looks back over the whole history. One JSON array, not a row per
   * day: the driver then parses one value instead of ten columns a row (decision 032).
   */
  days: db
    .select({
      days: sql<(ReviewDayRow & SessionDayRow)[] | null>`json_agg(json_build_object(
        'day', to_char(${days.day}, 'YYYY-MM-DD'),
        'dayNumber', ${days.day} - date '1970-01-01',
        'reviews', ${days.reviews},
        'correct', ${days.correct},
        'young', ${days.young},
        'youngCorrect', ${days.youngCorrect},
        'mature', ${days.mature},
        'matureCorrect', ${days.matureCorrect},
        'sessions', ${days.sessions},
        'minutes', ${days.minutes}))`,
    })
    .from(days)
    .where(eq(days.userId, userId))
    .prepare('stats_days'),
  /** Against the starts of the forecast's days, so no row's local day needs working out. */
  dueSlots: db
    .select({
      slot: sql<number>`width_bucket(${words.nextReviewDate}, ${sql.placeholder('starts')}::timestamptz[])`,
      words: sql<number>`count(*)::int`,
    })
    .from(words)
    .where(
      and(
        eq(words.userId, userId),
        lt(words.nextReviewDate, sql`${sql.placeholder('horizon')}::timestamptz`),
      ),
    )
    .groupBy(sql`1`)
    .prepare('stats_due_slots'),
  collection: db
    .select({
      total: sql<number>`count(*)::int`,
      mastered: countWhere(sql`${words.mastered}`),
      new: countWhere(sql`not ${words.mastered} and ${words.state} = 0`),
      learning: countWhere(sql`not ${words.mastered} and ${words.state} in (1, 3)`),
      review: countWhere(sql`not ${words.mastered} and ${words.state} = 2`),
      levels: sql<number[]>`array[${sql.join(
        [
          ...CEFR_LEVELS.map((level) => countWhere(sql`${words.cefrLevel} = ${level}`)),
          countWhere(sql`${words.cefrLevel} is null`),
        ],
        sql`, `,
      )}]`,
      reviewed: countWhere(reviewed),
      stability: sql<number[]>`array[${sql.join(
        Array.from({ length: STABILITY_EDGES_DAYS.length + 1 }, (_, i) =>
          countWhere(
            sql`${reviewed} and ${inRange(words.stability, STABILITY_EDGES_DAYS[i - 1] ?? null, STABILITY_EDGES_DAYS[i] ?? null)}`,
          ),
        ),
        sql`, `,
      )}]`,
      difficulty: sql<number[]>`array[${sql.join(
        Array.from({ length: DIFFICULTY_BUCKETS }, (_, i) =>
          // FSRS difficulty runs from 1 to 10: each tenth is 0.9 wide.
          countWhere(
            sql`${reviewed} and ${inRange(words.difficulty, i === 0 ? null : 1 + 0.9 * i, i === DIFFICULTY_BUCKETS - 1 ? null : 1 + 0.9 * (i + 1))}`,
          ),
        ),
        sql`, `,
      )}]`,
      medianStability: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${words.stability}) filter (where ${reviewed})`,
      meanDifficulty: sql<
        number | null
      >`avg(greatest(0, (${words.difficulty} - 1) / 9 * 100)) filter (where ${reviewed})`,
    })
    .from(words)
    .where(eq(words.userId, userId))
    .prepare('stats_collection'),
}));

type WordStatements = ReturnType<typeof statements>;

/** The figures read from the learner's words, for the forecast's days beginning at `starts`. */
async function readWordFigures(s: WordStatements, userId: string, starts: Date[], horizon: string) {
  const [dueDays, [collection]] = await Promise.all([
    s.dueSlots.execute({
      userId,
      horizon,
      starts: `{${starts.map((d) => d.toISOString()).join(',')}}`,
    }) as Promise<DueSlotRow[]>,
    s.collection.execute({ userId }),
  ]);
  return { dueDays, collection: collection! };
}

export type WordFigures = Awaited<ReturnType<typeof readWordFigures>>;

export async function getStats(
  db: Database,
  wordFigures: WordFiguresCache<WordFigures>,
  user: SessionUser,
  now: Date,
): Promise<Stats> {
  const s = statements(db);
  const [profile] = await s.profile.execute({ userId: user.id });
  if (!profile) throw new ApiError('NOT_FOUND', 'Profile not found');
  const timeZone = safeTimeZone(profile.timeZone);
  const today = localDay(now, timeZone);
  // The forecast's days begin at these instants; the day after its last ends it.
  const starts = localDayStarts(now, timeZone, STATS_LIMITS.forecastDays + 1);
  const horizon = starts.pop()!.toISOString();
  const [[daysRow], { dueDays, collection: c }] = await Promise.all([
    s.days.execute({ userId: user.id }),
    wordFigures.get(user.id, `${timeZone} ${horizon}`, () =>
      readWordFigures(s, user.id, starts, horizon),
    ),
  ]);
  const history = daysRow?.days ?? [];
  const days = calendarDays(history, history, today);
  const current = standingStreak(profile.currentStreak, profile.lastStudyDate, today);
  return {
    today,
    timeZone,
    days,
    totalReviews: days.reduce((sum, d) => sum + d.reviews, 0),
    streak: { current, longest: longestStreak(history, current) },
    ...dueForecast(dueDays, today),
    retention: { target: Number(profile.target), periods: retentionPeriods(history, today) },
    collection: {
      total: c.total,
      byState: { new: c.new, learning: c.learning, review: c.review, mastered: c.mastered },
      byLevel: [...CEFR_LEVELS, null]
        .map((level, i) => ({ level, words: Number(c.levels[i] ?? 0) }))
        .filter((l) => l.words > 0),
    },
    memory: {
      reviewed: c.reviewed,
      stability: c.stability.map(Number),
      difficulty: c.difficulty.map(Number),
      medianStabilityDays: c.medianStability === null ? null : Number(c.medianStability),
      meanDifficultyPercent: c.meanDifficulty === null ? null : Number(c.meanDifficulty),
    },
  };
}
