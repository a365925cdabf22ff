import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  endOfLocalDay,
  localDay,
  nextStreak,
  safeTimeZone,
  standingStreak,
} from './calendar.ts';

const at = (iso: string) => new Date(iso);

describe('localDay', () => {
  it('is the calendar day where the learner is', () => {
    const instant = at('2026-01-15T04:50:00Z');
    expect(localDay(instant, 'UTC')).toBe('2026-01-15');
    // 23:50 the evening before in New York, 13:50 in Tokyo.
    expect(localDay(instant, 'America/New_York')).toBe('2026-01-14');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-01-15');
    // Half-hour and 45-minute zones.
    expect(localDay(at('2026-01-15T18:20:00Z'), 'Asia/Kolkata')).toBe('2026-01-15');
    expect(localDay(at('2026-01-15T18:40:00Z'), 'Asia/Kolkata')).toBe('2026-01-16');
    expect(localDay(at('2026-01-15T11:00:00Z'), 'Asia/Kathmandu')).toBe('2026-01-15');
    // Across the date line.
    expect(localDay(at('2026-01-15T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-16');
    expect(localDay(at('2026-01-15T11:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-01-15');
  });
});

describe('daysBetween', () => {
  it('counts whole calendar days, also over a clock change and a year end', () => {
    expect(daysBetween('2026-03-07', '2026-03-08')).toBe(1);
    expect(daysBetween('2026-03-08', '2026-03-09')).toBe(1);
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-05-05', '2026-05-05')).toBe(0);
  });
});

describe('nextStreak', () => {
  it('starts at 1, holds on the same day, adds one the next day, restarts after a gap', () => {
    expect(nextStreak(0, null, '2026-03-08')).toBe(1);
    expect(nextStreak(4, '2026-03-08', '2026-03-08')).toBe(4);
    expect(nextStreak(0, '2026-03-08', '2026-03-08')).toBe(1);
    expect(nextStreak(4, '2026-03-08', '2026-03-09')).toBe(5);
    expect(nextStreak(4, '2026-03-08', '2026-03-10')).toBe(1);
    // A learner who flew west may see "yesterday" again: the streak holds.
    expect(nextStreak(4, '2026-03-09', '2026-03-08')).toBe(4);
  });

  it('counts 23:50 and 00:10 local as two days, on the night the clocks change', () => {
    const zone = 'America/New_York';
    // Sunday 8 March 2026: clocks go from 02:00 EST to 03:00 EDT.
    const before = localDay(at('2026-03-08T04:50:00Z'), zone); // Sat 23:50 EST
    const after = localDay(at('2026-03-08T05:10:00Z'), zone); // Sun 00:10 EST
    expect([before, after]).toEqual(['2026-03-07', '2026-03-08']);
    expect(nextStreak(3, before, after)).toBe(4);
    // The next evening, 23:50 EDT (UTC−4), is still one day later.
    expect(localDay(at('2026-03-09T03:50:00Z'), zone)).toBe('2026-03-08');
    expect(localDay(at('2026-03-09T04:10:00Z'), zone)).toBe('2026-03-09');
  });
});

describe('standingStreak', () => {
  it('stands through the day after the last study day, and is broken after that', () => {
    expect(standingStreak(5, '2026-03-10', '2026-03-10')).toBe(5);
    expect(standingStreak(5, '2026-03-10', '2026-03-11')).toBe(5);
    expect(standingStreak(5, '2026-03-10', '2026-03-12')).toBe(0);
    expect(standingStreak(0, null, '2026-03-12')).toBe(0);
  });
});

describe('endOfLocalDay', () => {
  it('is the next local midnight', () => {
    expect(endOfLocalDay(at('2026-01-15T12:00:00Z'), 'UTC').toISOString()).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    expect(endOfLocalDay(at('2026-01-15T12:00:00Z'), 'Asia/Tokyo').toISOString()).toBe(
      '2026-01-15T15:00:00.000Z',
    );
    expect(endOfLocalDay(at('2026-01-15T04:50:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-01-15T05:00:00.000Z',
    );
    expect(endOfLocalDay(at('2026-01-15T12:00:00Z'), 'Asia/Kolkata').toISOString()).toBe(
      '2026-01-15T18:30:00.000Z',
    );
  });

  it('answers each instant with its own day, in any order, as its zone keeps the last day found', () => {
    const end = (instant: string) => endOfLocalDay(at(instant), 'Pacific/Auckland').toISOString();
    // Auckland is 13 hours ahead in January: 10:59Z is 23:59 local, 11:00Z the next day's 00:00.
    expect(end('2026-01-15T10:59:00Z')).toBe('2026-01-15T11:00:00.000Z');
    expect(end('2026-01-15T00:00:00Z')).toBe('2026-01-15T11:00:00.000Z');
    expect(end('2026-01-15T11:00:00Z')).toBe('2026-01-16T11:00:00.000Z');
    expect(end('2026-01-15T10:59:59Z')).toBe('2026-01-15T11:00:00.000Z');
    expect(end('2026-01-14T10:00:00Z')).toBe('2026-01-14T11:00:00.000Z');
  });

  it('is right on days of 23 and 25 hours', () => {
    // Spring forward (New York, 8 March 2026): the day ends at 04:00Z, EDT.
    expect(endOfLocalDay(at('2026-03-08T06:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    // Fall back (1 November 2026): Sunday lasts 25 hours and ends at 05:00Z, EST.
    expect(endOfLocalDay(at('2026-11-01T04:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-02T05:00:00.000Z',
    );
    // Europe on its own dates (29 March 2026), evening before the change.
    expect(endOfLocalDay(at('2026-03-28T22:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(endOfLocalDay(at('2026-03-29T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it('ends a day whose midnight does not exist at the jump (Santiago, September 2026)', () => {
    // Chile moves from 00:00 to 01:00 on Sunday 6 September 2026.
    const end = endOfLocalDay(at('2026-09-05T15:00:00Z'), 'America/Santiago');
    expect(end.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDay(end, 'America/Santiago')).toBe('2026-09-06');
    expect(localDay(new Date(end.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('is always after the instant and starts the next local day', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe',
      'Asia/Tehran',
    ];
    for (const zone of zones) {
      for (let h = 0; h < 24 * 400; h += 7) {
        const instant = new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);
        const end = endOfLocalDay(instant, zone);
        expect(end.getTime()).toBeGreaterThan(instant.getTime());
        expect(daysBetween(localDay(instant, zone), localDay(end, zone))).toBe(1);
        expect(localDay(new Date(end.getTime() - 1), zone)).toBe(localDay(instant, zone));
      }
    }
  });
});

describe('safeTimeZone', () => {
  it('keeps a known zone and falls back to UTC otherwise', () => {
    expect(safeTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(safeTimeZone('Mars/Olympus')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
  });

  it('answers the canonical spelling, so odd letter cases share one zone', () => {
    expect(safeTimeZone('eUROPE/mADRID')).toBe('Europe/Madrid');
    expect(localDay(new Date('2026-03-01T23:30:00Z'), safeTimeZone('europe/madrid'))).toBe(
      '2026-03-02',
    );
  });
});
