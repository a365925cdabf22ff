import { describe, expect, it } from 'vitest';
import { calendarColumns, firstDayOfWeek, levelOf } from './calendar-grid';

describe('review calendar', () => {
  it('puts weeks in columns starting on the first day of the week, ending today', () => {
    // 2026-11-24 is a Tuesday.
    const columns = calendarColumns('2026-11-24', 8, new Map([['2026-11-24', 12]]), 1);
    expect(columns).toHaveLength(2);
    // Eight days from Tuesday 2026-11-17: its week from Monday 11-16, then 11-23 and 11-24.
    expect(columns[0]!.map((c) => c?.day ?? null)).toEqual([
      null,
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(columns[1]!.slice(0, 3)).toEqual([
      { day: '2026-11-23', reviews: 0, level: 0 },
      { day: '2026-11-24', reviews: 12, level: 4 },
      null,
    ]);
  });

  it('starts weeks on Sunday where the locale does', () => {
    const columns = calendarColumns('2026-11-24', 365, new Map(), 7);
    expect(columns.at(-1)![0]!.day).toBe('2026-11-22');
    expect(columns.flat().filter(Boolean)).toHaveLength(365);
  });

  it("reads the locale's first day", () => {
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect([1, 7]).toContain(firstDayOfWeek('en-US'));
    expect(firstDayOfWeek('not a locale')).toBe(1);
  });

  it('shades days in four steps of the busiest', () => {
    expect([0, 1, 25, 26, 50, 100].map((n) => levelOf(n, 100))).toEqual([0, 1, 1, 2, 2, 4]);
    expect(levelOf(3, 0)).toBe(0);
  });
});
