import { describe, expect, it } from 'vitest';
import { WORD_TEXT } from './messages.ts';
import { NOT_PLAIN_TEXT } from './text.ts';
import {
  checkGeneratedCard,
  generatedCardModelSchema,
  generateWordInputSchema,
} from './word-card.schema.ts';
import { isPlausibleIpa, stripIpaDelimiters } from './word-card.ts';
import { WORD_CARD_LIMITS, WORD_THEMES } from './words.ts';
import { z } from 'zod';

const validCard = {
  word: 'la manzana',
  translation: 'apple',
  ipa: '/la manˈθana/',
  grammarType: 'noun, feminine',
  cefrLevel: 'A1',
  mnemonic: 'A man (man-) eats an apple in a zana.',
  examples: [
    { target: 'Me como una manzana.', translation: 'I am eating an apple.' },
    { target: 'La manzana es roja.', translation: 'The apple is red.' },
  ],
  synonyms: [],
  themes: ['Food & Dining'],
  reading: null,
};

const es = { targetLanguage: 'es' };

function issuesOf(value: unknown, options = es): string[] {
  const result = checkGeneratedCard(value, options);
  if (result.ok) throw new Error('expected the card to fail');
  return result.issues;
}

describe('generateWordInputSchema', () => {
  it('trims the word', () => {
    expect(generateWordInputSchema.parse({ word: '  gato \t' })).toEqual({ word: 'gato' });
  });

  it.each([
    [{ word: '   ' }, WORD_TEXT.wordRequired],
    [{}, WORD_TEXT.wordRequired],
    [{ word: 'a'.repeat(101) }, WORD_TEXT.wordTooLong],
    [{ word: 'ga\u0000to' }, NOT_PLAIN_TEXT],
    [{ word: 'two\nlines' }, NOT_PLAIN_TEXT],
  ])('refuses %j', (body, message) => {
    const result = generateWordInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts exactly 100 characters and refuses unknown fields', () => {
    expect(generateWordInputSchema.safeParse({ word: 'a'.repeat(100) }).success).toBe(true);
    expect(generateWordInputSchema.safeParse({ word: 'gato', extra: 1 }).success).toBe(false);
  });
});

describe('the schema sent to the provider', () => {
  it('stays within strict structured outputs: every field required, no length keywords', () => {
    const json = JSON.stringify(z.toJSONSchema(generatedCardModelSchema, { io: 'input' }));
    const schema = z.toJSONSchema(generatedCardModelSchema, { io: 'input' }) as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(schema.required.sort()).toEqual(Object.keys(schema.properties).sort());
    for (const keyword of ['minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format'])
      expect(json).not.toContain(`"${keyword}"`);
    expect(json).toContain('Food & Dining');
  });

  it('includes the themes the groups screen has icons for', () => {
    expect(WORD_THEMES).toEqual(
      expect.arrayContaining(['Food & Dining', 'Travel', 'Home & Family']),
    );
  });
});

describe('checkGeneratedCard', () => {
  it('accepts a valid card, dropping the IPA slashes', () => {
    const result = checkGeneratedCard(validCard, es);
    expect(result).toEqual({ ok: true, value: { ...validCard, ipa: 'la manˈθana' } });
  });

  it('names every missing or empty field', () => {
    const { word: _w, mnemonic: _m, ...partial } = validCard;
    const issues = issuesOf({ ...partial, translation: '  ' });
    expect(issues).toEqual(
      expect.arrayContaining([
        'word: must not be empty',
        'translation: must not be empty',
        'mnemonic: must not be empty',
      ]),
    );
  });

  it('refuses anything that is not an object', () => {
    expect(issuesOf('a card')).toEqual(['the answer must be a JSON object']);
    expect(issuesOf([validCard])).toEqual(['the answer must be a JSON object']);
    expect(issuesOf(null)).toEqual(['the answer must be a JSON object']);
  });

  it('needs at least 2 complete examples and keeps at most 5', () => {
    expect(issuesOf({ ...validCard, examples: [validCard.examples[0]] })).toEqual([
      'examples: must have at least 2 items',
    ]);
    expect(
      issuesOf({ ...validCard, examples: [...validCard.examples.slice(0, 1), { target: 'Sí.' }] }),
    ).toEqual(['examples: must have at least 2 items']);
    const many = Array.from({ length: 8 }, (_, i) => ({
      target: `Frase ${i}.`,
      translation: `${i}`,
    }));
    const result = checkGeneratedCard({ ...validCard, examples: many }, es);
    expect(result.ok && result.value.examples).toHaveLength(WORD_CARD_LIMITS.examplesMax);
  });

  it.each([
    ['hello', true],
    ['ˈhɛ.loʊ', true],
    ['t͡ʃiˈkɑː.ɡoʊ', true],
    ['ɕjɑʊ̯²¹⁴', true],
    ['kʰa̠ŋ˥˩', true],
    ['(h)əˈloʊ', true],
    ['h3llo', false],
    ['Hello', false],
    ['<b>ola</b>', false],
    ['ˈne.ko / ねこ', false],
    ['', false],
    ['ˈˌː', false],
  ])('IPA %j plausible: %s', (ipa, plausible) => {
    expect(isPlausibleIpa(stripIpaDelimiters(ipa))).toBe(plausible);
  });

  it('refuses bad IPA and placeholders', () => {
    expect(issuesOf({ ...validCard, ipa: '<script>x</script>' })).toEqual([
      'ipa: must be an IPA transcription',
    ]);
    expect(issuesOf({ ...validCard, ipa: 'N/A' })).toEqual(['ipa: must be an IPA transcription']);
    expect(issuesOf({ ...validCard, ipa: 'n/a' })).toEqual(['ipa: must be an IPA transcription']);
    expect(stripIpaDelimiters('[ˈhɛ.loʊ]')).toBe('ˈhɛ.loʊ');
  });

  it('caps string lengths and refuses control characters', () => {
    expect(issuesOf({ ...validCard, mnemonic: 'x'.repeat(501) })).toEqual([
      'mnemonic: must be at most 500 characters',
    ]);
    expect(issuesOf({ ...validCard, translation: 'ap\u0000ple' })).toEqual([
      'translation: must not contain control characters',
    ]);
    expect(issuesOf({ ...validCard, translation: 'ap\u202Eple' })).toEqual([
      'translation: must not contain control characters',
    ]);
  });

  it('collapses whitespace, upper-cases the level and trims the lists to their caps', () => {
    const result = checkGeneratedCard(
      {
        ...validCard,
        translation: '  an\n apple ',
        cefrLevel: 'a2',
        synonyms: [
          'la manzana',
          'poma',
          'poma',
          '',
          ...Array.from({ length: 10 }, (_, i) => `s${i}`),
        ],
      },
      es,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.translation).toBe('an apple');
    expect(result.value.cefrLevel).toBe('A2');
    expect(result.value.synonyms[0]).toBe('poma');
    expect(result.value.synonyms).toHaveLength(WORD_CARD_LIMITS.synonymsMax);
  });

  it('matches themes to the list, drops unknown ones and allows none', () => {
    const matched = checkGeneratedCard(
      {
        ...validCard,
        themes: ['food and dining', 'Fruit', 'TRAVEL', 'Travel', 'Animals', 'Science'],
      },
      es,
    );
    expect(matched.ok && matched.value.themes).toEqual(['Food & Dining', 'Travel', 'Animals']);
    const none = checkGeneratedCard({ ...validCard, themes: ['Fruit'] }, es);
    expect(none.ok && none.value.themes).toEqual([]);
  });

  it('refuses an unknown CEFR level', () => {
    expect(issuesOf({ ...validCard, cefrLevel: 'B3' })[0]).toMatch(/^cefrLevel: /);
  });

  it('needs a reading for Japanese, Chinese and Korean, and clears it for other targets', () => {
    const ja = { targetLanguage: 'ja' };
    const neko = { ...validCard, word: '猫', ipa: 'ne̞ko̞', reading: null };
    expect(issuesOf(neko, ja)).toEqual(['reading: must not be empty']);
    const withReading = checkGeneratedCard({ ...neko, reading: 'ねこ' }, ja);
    expect(withReading.ok && withReading.value.reading).toBe('ねこ');
    const spanish = checkGeneratedCard({ ...validCard, reading: 'man-tha-na' }, es);
    expect(spanish.ok && spanish.value.reading).toBeNull();
  });
});
