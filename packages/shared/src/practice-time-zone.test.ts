import { describe, expect, it } from 'vitest';
import { timeZoneSchema } from './practice.schema.ts';

describe('timeZoneSchema', () => {
  it('stores the canonical spelling of a zone in any letter case', () => {
    expect(timeZoneSchema.parse('europe/madrid')).toBe('Europe/Madrid');
    expect(timeZoneSchema.parse('Europe/Madrid')).toBe('Europe/Madrid');
  });

  it('refuses what is not a zone', () => {
    for (const zone of ['', 'Mars/Olympus', 'x'.repeat(65), 42]) {
      expect(timeZoneSchema.safeParse(zone).success).toBe(false);
    }
  });
});
