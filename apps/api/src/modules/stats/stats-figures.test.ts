import { describe, expect, it } from 'vitest';
import { localDay } from '@verba/shared';
import {
  addDays,
  calendarDays,
  dayNumber,
  dueForecast,
  localDayStarts,
  longestStreak,
  retentionPeriods,
  type ReviewDayRow,
} from './stats-figures.ts';
import { intervalsAfter } from './word-history.service.ts';

const reviewDay = (day: string, values: Partial<ReviewDayRow> = {}): ReviewDayRow => ({
  day,
  dayNumber: dayNumber(day),
  reviews: 0,
  correct: 0,
  young: 0,
  youngCorrect: 0,
  mature: 0,
  matureCorrect: 0,
  ...values,
});

describe('local days', () => {
  it('steps whole calendar days across clock changes, month and year ends', () => {
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-24', -364)).toBe('2025-11-25');
  });

  it("buckets instants by the learner's zone: a 25-hour day is one day, a 23-hour day too", () => {
    const ny = 'America/New_York';
    // Clocks go back at 06:00Z on 2026-11-01: 00:30 EDT … 23:30 EST are all the 1st.
    for (const at of [
      '2026-11-01T04:30Z',
      '2026-11-01T05:30Z',
      '2026-11-01T06:30Z',
      '2026-11-02T04:30Z',
    ]) {
      expect(localDay(new Date(at), ny)).toBe('2026-11-01');
    }
    expect(localDay(new Date('2026-11-02T05:30Z'), ny)).toBe('2026-11-02');
    // Clocks go forward on 2026-03-08: 00:30 EST and 23:30 EDT are the 8th.
    expect(localDay(new Date('2026-03-08T05:30Z'), ny)).toBe('2026-03-08');
    expect(localDay(new Date('2026-03-09T03:30Z'), ny)).toBe('2026-03-08');
    // One instant, three learners' days.
    const instant = new Date('2026-11-24T23:30Z');
    expect(localDay(instant, 'Asia/Kathmandu')).toBe('2026-11-25');
    expect(localDay(instant, 'UTC')).toBe('2026-11-24');
    expect(localDay(instant, 'Pacific/Kiritimati')).toBe('2026-11-25');
  });

  it('keeps the calendar to the last 365 local days and adds minutes to their day', () => {
    const days = calendarDays(
      [
        reviewDay('2026-11-24', { reviews: 3, correct: 2 }),
        reviewDay('2025-11-24', { reviews: 9 }),
      ],
      [
        { day: '2026-11-24', dayNumber: dayNumber('2026-11-24'), sessions: 1, minutes: 4 },
        { day: '2025-11-25', dayNumber: dayNumber('2025-11-25'), sessions: 1, minutes: 2 },
      ],
      '2026-11-24',
    );
    expect(days).toEqual([
      { day: '2025-11-25', reviews: 0, correct: 0, minutes: 2 },
      { day: '2026-11-24', reviews: 3, correct: 2, minutes: 4 },
    ]);
  });
});

describe('streaks', () => {
  const day = (d: string) => ({ day: d, dayNumber: dayNumber(d), sessions: 1, minutes: 1 });
  it('finds the longest run of consecutive days with a completed session', () => {
    const days = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-05'].map(day);
    expect(longestStreak(days, 1)).toBe(4);
  });
  it('is never shorter than the current streak the profile keeps', () => {
    expect(longestStreak([day('2026-11-24')], 12)).toBe(12);
    expect(longestStreak([], 0)).toBe(0);
  });
});

describe('retention table', () => {
  it('sums young and mature reviews over each window, today included', () => {
    const periods = retentionPeriods(
      [
        reviewDay('2026-11-24', { young: 25, youngCorrect: 20, mature: 3, matureCorrect: 3 }),
        reviewDay('2026-11-18', { mature: 10, matureCorrect: 9 }),
        reviewDay('2026-11-17', { young: 4, youngCorrect: 1 }),
        reviewDay('2025-11-25', { young: 1, youngCorrect: 1 }),
        reviewDay('2025-11-24', { young: 100, youngCorrect: 100 }),
      ],
      '2026-11-24',
    );
    expect(periods).toEqual([
      { id: 'day', young: { reviews: 25, correct: 20 }, mature: { reviews: 3, correct: 3 } },
      { id: 'week', young: { reviews: 25, correct: 20 }, mature: { reviews: 13, correct: 12 } },
      { id: 'month', young: { reviews: 29, correct: 21 }, mature: { reviews: 13, correct: 12 } },
      { id: 'year', young: { reviews: 30, correct: 22 }, mature: { reviews: 13, correct: 12 } },
    ]);
  });
});

describe('due forecast', () => {
  it('counts overdue words today and places the rest on their day', () => {
    const { forecast, overdue } = dueForecast(
      [
        { slot: 0, words: 9 },
        { slot: 1, words: 1 },
        { slot: 2, words: 3 },
        { slot: 30, words: 4 },
      ],
      '2026-11-24',
    );
    expect(forecast).toHaveLength(30);
    expect(forecast[0]).toEqual({ day: '2026-11-24', due: 10 });
    expect(forecast[1]).toEqual({ day: '2026-11-25', due: 3 });
    expect(forecast[29]).toEqual({ day: '2026-12-23', due: 4 });
    expect(overdue).toBe(9);
  });

  it("finds each forecast day's start in the learner's zone, across a clock change", () => {
    // 10:00 on 2026-10-31 in New York; clocks go back at 02:00 on 1 November.
    const starts = localDayStarts(new Date('2026-10-31T14:00:00Z'), 'America/New_York', 4);
    expect(starts.map((d) => d.toISOString())).toEqual([
      '2026-10-31T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z', // the 1st lasted 25 hours
      '2026-11-03T05:00:00.000Z',
    ]);
    // Just after midnight, and in a zone ahead of UTC.
    expect(
      localDayStarts(new Date('2026-11-23T15:30:00Z'), 'Asia/Tokyo', 1)[0]!.toISOString(),
    ).toBe('2026-11-23T15:00:00.000Z');
  });

  it("gives the same starts all day long, and a caller's changes stay its own", () => {
    const morning = localDayStarts(new Date('2026-11-23T06:00:00Z'), 'Europe/Madrid', 3);
    morning.pop();
    const evening = localDayStarts(new Date('2026-11-23T22:30:00Z'), 'Europe/Madrid', 3);
    expect(evening.map((d) => d.toISOString())).toEqual([
      '2026-11-22T23:00:00.000Z',
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T23:00:00.000Z',
    ]);
    // 23:00 UTC is already the 24th in Madrid.
    expect(
      localDayStarts(new Date('2026-11-23T23:00:00Z'), 'Europe/Madrid', 1)[0]!.toISOString(),
    ).toBe('2026-11-23T23:00:00.000Z');
  });
});

describe("a word's history", () => {
  it('gives each answer the interval its session left', () => {
    const row = (sessionId: string | null, scheduledDays: number) => ({
      id: '',
      sessionId,
      reviewedAt: new Date(),
      practiceType: 'spelling',
      outcome: 'correct',
      scheduledDays,
    });
    // Session a (two items) found 0 days; b found 3; an imported answer found 8; now 20.
    expect(intervalsAfter([row('a', 0), row('a', 0), row('b', 3), row(null, 8)], 20)).toEqual([
      3, 3, 8, 20,
    ]);
    expect(intervalsAfter([], 5)).toEqual([]);
  });
});
