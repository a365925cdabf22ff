import type { GeneratedCard } from '@verba/shared';

/** A valid card, as a provider would write it for "manzana" (Spanish for an English speaker). */
export const SAMPLE_CARD: GeneratedCard = {
  word: 'la manzana',
  translation: 'apple',
  ipa: 'la manˈθana',
  grammarType: 'noun, feminine',
  cefrLevel: 'A1',
  mnemonic: 'A man eats an apple.',
  examples: [
    { target: 'Me como una manzana.', translation: 'I am eating an apple.' },
    { target: 'La manzana es roja.', translation: 'The apple is red.' },
  ],
  synonyms: [],
  themes: ['Food & Dining'],
  reading: null,
};
