/**
 * The Progress screen's figures from what the database counted per local day: pure, so every
 * rule (windows, streaks, overdue words, the young/mature split) is tested without a database.
 */
import {
  RETENTION_PERIODS,
  STATS_LIMITS,
  type RetentionCell,
  type Stats,
  type StatsDay,
  endOfLocalDay,
  localDay,
} from '@verba/shared';

/** The day `offset` days after `day` (before it when negative), as 'YYYY-MM-DD'. */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day: whole days compare as plain numbers. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/** One local day's reviews as the review log counts them, retention split included. */
export interface ReviewDayRow {
  day: string;
  /** `day` as `dayNumber` counts it (the database works it out with the row). */
  dayNumber: number;
  reviews: number;
  correct: number;
  young: number;
  youngCorrect: number;
  mature: number;
  matureCorrect: number;
}

/** One local day's completed practice sessions and the minutes they credited. */
export interface SessionDayRow {
  day: string;
  dayNumber: number;
  sessions: number;
  minutes: number;
}

/**
 * The calendar: each of the last `heatmapDays` local days that has reviews or study time, oldest
 * first. Rows outside the window (a clock or zone change) are left out.
 */
export function calendarDays(
  reviewDays: readonly ReviewDayRow[],
  sessionDays: readonly SessionDayRow[],
  today: string,
): StatsDay[] {
  const last = dayNumber(today);
  const inWindow = (n: number) => last - n >= 0 && last - n < STATS_LIMITS.heatmapDays;
  const byDay = new Map<string, StatsDay>();
  const dayOf = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) byDay.set(day, (entry = { day, reviews: 0, correct: 0, minutes: 0 }));
    return entry;
  };
  for (const r of reviewDays) {
    if (!inWindow(r.dayNumber)) continue;
    const entry = dayOf(r.day);
    entry.reviews += r.reviews;
    entry.correct += r.correct;
  }
  for (const s of sessionDays) {
    if (inWindow(s.dayNumber)) dayOf(s.day).minutes += s.minutes;
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/**
 * The longest run of consecutive local days with a completed session, the way the profile's
 * streak counts them; never shorter than the current streak, which the profile keeps.
 */
export function longestStreak(sessionDays: readonly SessionDayRow[], current: number): number {
  const days = sessionDays
    .filter((s) => s.sessions > 0)
    .map((s) => s.dayNumber)
    .sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of days) {
    if (day === previous) continue;
    run = previous !== null && day - previous === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = day;
  }
  return Math.max(longest, current);
}

/** Young and mature reviews and right answers over each window of the retention table. */
export function retentionPeriods(
  reviewDays: readonly ReviewDayRow[],
  today: string,
): Stats['retention']['periods'] {
  const last = dayNumber(today);
  return RETENTION_PERIODS.map((period) => {
    const young: RetentionCell = { reviews: 0, correct: 0 };
    const mature: RetentionCell = { reviews: 0, correct: 0 };
    for (const r of reviewDays) {
      const back = last - r.dayNumber;
      if (back < 0 || back >= period.days) continue;
      young.reviews += r.young;
      young.correct += r.youngCorrect;
      mature.reviews += r.mature;
      mature.correct += r.matureCorrect;
    }
    return { id: period.id, young, mature };
  });
}

/** Days' starts found per zone, day and count: every read of a zone's day asks for the same. */
const dayStarts = new Map<string, readonly Date[]>();

/**
 * The instants the learner's next `count` local days begin, today's first: each midnight as the
 * zone has it, a day of 23 or 25 hours included. Working a midnight out takes a few calls into
 * Intl, so a zone's answer is kept for the rest of its day.
 */
export function localDayStarts(now: Date, timeZone: string, count: number): Date[] {
  const key = `${timeZone} ${localDay(now, timeZone)} ${count}`;
  let starts = dayStarts.get(key);
  if (!starts) {
    // 26 hours before tomorrow begins is in yesterday, however long today and yesterday are.
    const tomorrow = endOfLocalDay(now, timeZone);
    const found = [endOfLocalDay(new Date(tomorrow.getTime() - 26 * 3_600_000), timeZone)];
    while (found.length < count) found.push(endOfLocalDay(found.at(-1)!, timeZone));
    // About 600 zones exist; yesterday's entries go when the map grows past a few days of them.
    if (dayStarts.size >= 2_000) dayStarts.clear();
    dayStarts.set(key, (starts = found));
  }
  return [...starts];
}

/**
 * Words due per slot of the forecast's days, as the database counts them against the days'
 * starts: slot 0 is before today (overdue), slot k the k-th day from today.
 */
export interface DueSlotRow {
  slot: number;
  words: number;
}

/**
 * Words due on each of the next `forecastDays` local days: today first, with every overdue word
 * (due before today began) counted in it, as the feed would offer it today.
 */
export function dueForecast(
  dueSlots: readonly DueSlotRow[],
  today: string,
): { forecast: Stats['forecast']; overdue: number } {
  const forecast = Array.from({ length: STATS_LIMITS.forecastDays }, (_, i) => ({
    day: addDays(today, i),
    due: 0,
  }));
  let overdue = 0;
  for (const row of dueSlots) {
    if (row.slot === 0) overdue += row.words;
    const day = forecast[Math.max(0, row.slot - 1)];
    if (day) day.due += row.words;
  }
  return { forecast, overdue };
}

/** FSRS difficulty (1–10) as a percent, 0–100. */
export function difficultyPercent(difficulty: number): number {
  return Math.min(100, Math.max(0, ((difficulty - 1) / 9) * 100));
}
