import { describe, expect, it } from 'vitest';
import { cardFormDefaults, cardFormResolver, toCardInput } from './card-form';

const resolve = (values: ReturnType<typeof cardFormDefaults>) =>
  cardFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the card form', () => {
  it('turns the form into the API card: blanks are null, blank example rows dropped', () => {
    const values = {
      ...cardFormDefaults({ word: 'la luna' }),
      translation: 'moon',
      ipa: '/la ˈlu.na/',
      synonyms: 'el satélite, , la lunita',
    };
    expect(toCardInput(values)).toEqual({
      word: 'la luna',
      translation: 'moon',
      ipa: 'la ˈlu.na',
      reading: null,
      grammarType: null,
      cefrLevel: null,
      mnemonic: null,
      synonyms: ['el satélite', 'la lunita'],
      examples: [],
      themes: [],
    });
  });

  it('needs a word and a translation, with the shared messages', async () => {
    const result = await resolve(cardFormDefaults());
    expect(result.errors.word?.message).toBe('Please type a word or phrase');
    expect(result.errors.translation?.message).toBe('Please add a translation');
  });

  it('puts an example issue on the row the learner filled', async () => {
    const values = cardFormDefaults({ word: 'sol' });
    values.translation = 'sun';
    values.examples[1] = { target: 'El sol brilla.', translation: '' };
    const result = await resolve(values);
    expect(result.errors.examples?.[1]?.translation?.message).toBe(
      'An example needs its translation',
    );
  });

  it('accepts a complete card and returns the cleaned values', async () => {
    const values = cardFormDefaults({
      word: '  el   sol ',
      translation: 'sun',
      examples: [{ target: 'El sol brilla.', translation: 'The sun shines.' }],
      themes: ['Nature & Weather'],
      cefrLevel: 'A1',
    });
    const result = await resolve(values);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({
      word: 'el   sol',
      translation: 'sun',
      cefrLevel: 'A1',
      examples: [{ target: 'El sol brilla.', translation: 'The sun shines.' }],
      themes: ['Nature & Weather'],
    });
  });
});
