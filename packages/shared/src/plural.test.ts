import { describe, expect, it } from 'vitest';
import { countOf, pluralForm, UNITS } from './plural.ts';

describe('counts in words', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect(countOf(1, UNITS.day)).toBe('1 day');
    expect(countOf(0, UNITS.day)).toBe('0 days');
    expect(countOf(2, UNITS.word)).toBe('2 words');
    expect(countOf(21, UNITS.minute)).toBe('21 minutes');
    expect(pluralForm(1, UNITS.hour)).toBe('hour');
  });

  it('follows the rules it is given', () => {
    const polish = new Intl.PluralRules('pl');
    const forms = { one: 'słowo', few: 'słowa', many: 'słów', other: 'słowa' };
    expect([1, 2, 5].map((n) => countOf(n, forms, polish))).toEqual([
      '1 słowo',
      '2 słowa',
      '5 słów',
    ]);
  });
});
