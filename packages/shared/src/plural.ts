/**
 * Counts in words: '1 day', '2 days', '0 words'. The interface speaks English for now, so one
 * set of English plural rules chooses the form; a catalogue per language can pass its own.
 */

/** A noun's forms by plural category; English needs `one` and `other`. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export const UNITS = {
  day: { one: 'day', other: 'days' },
  word: { one: 'word', other: 'words' },
  minute: { one: 'minute', other: 'minutes' },
  hour: { one: 'hour', other: 'hours' },
  second: { one: 'second', other: 'seconds' },
} as const satisfies Record<string, PluralForms>;

const englishRules = new Intl.PluralRules('en');

/** The form of `forms` that goes with `count`: 'day' for 1, 'days' for 0 and 2. */
export function pluralForm(count: number, forms: PluralForms, rules = englishRules): string {
  return forms[rules.select(count)] ?? forms.other;
}

/** `count` and its noun: '1 day', '3 days'. */
export function countOf(count: number, forms: PluralForms, rules = englishRules): string {
  return `${count} ${pluralForm(count, forms, rules)}`;
}
