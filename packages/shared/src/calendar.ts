/**
 * The learner's calendar days, in their own time zone: a streak counts local days, and a session
 * lasts until the end of the local day it started on. Days are 'YYYY-MM-DD' strings, compared
 * as whole days whatever the clock change in between.
 */

import { canonicalTimeZone } from './practice.schema.ts';

/** One formatter per zone, kept under its canonical name only, so the map stays as small as the zone list. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(f.resolvedOptions().timeZone, f);
  }
  return f;
}

/** A zone's canonical IANA name, or UTC for a missing or unknown one. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return (timeZone && canonicalTimeZone(timeZone)) || 'UTC';
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The learner's calendar day at `instant`, as 'YYYY-MM-DD'. */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};

/** Whole calendar days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Milliseconds the zone is ahead of UTC at `instant`. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The last day's end found per zone: every start in a zone's day asks for the same one. */
const dayEnds = new Map<string, { day: string; end: number }>();

/** The first instant of the learner's next calendar day (midnight local, or the first hour after it). */
export function endOfLocalDay(instant: Date, timeZone: string): Date {
  const today = localDay(instant, timeZone);
  const known = dayEnds.get(timeZone);
  if (known?.day === today) return new Date(known.end);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // Local midnight = UTC midnight minus the offset then; the offset may change that night.
  let guess = midnightAsUtc - offsetAt(new Date(midnightAsUtc), timeZone);
  guess = midnightAsUtc - offsetAt(new Date(guess), timeZone);
  // Where midnight does not exist (a clock jumping forward at 00:00), the day ends at the jump.
  if (localDay(new Date(guess), timeZone) === today) {
    while (localDay(new Date(guess), timeZone) === today) guess += 60_000;
    guess -= guess % 60_000;
  }
  // About 600 zones exist; the cap keeps odd spellings from growing the map without end.
  if (dayEnds.size < 2_000 || dayEnds.has(timeZone))
    dayEnds.set(timeZone, { day: today, end: guess });
  return new Date(guess);
}

/**
 * The streak after a session on `today`: the same day holds it (at least 1), the next day adds
 * one, and a missed day starts again at 1.
 */
export function nextStreak(current: number, lastStudyDay: string | null, today: string): number {
  if (lastStudyDay === null) return 1;
  const gap = daysBetween(lastStudyDay, today);
  if (gap <= 0) return Math.max(1, current);
  if (gap === 1) return current + 1;
  return 1;
}

/**
 * The streak as it stands on `today`: still the stored one when the last study day was today or
 * yesterday, and broken (0) once a whole local day has passed without practice.
 */
export function standingStreak(stored: number, lastStudyDay: string | null, today: string): number {
  if (lastStudyDay === null) return 0;
  return daysBetween(lastStudyDay, today) <= 1 ? stored : 0;
}
