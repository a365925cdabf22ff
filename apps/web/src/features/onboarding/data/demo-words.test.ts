import { LANGUAGE_CODES } from '@verba/shared';
import { describe, expect, it } from 'vitest';
import { demoCard, DEMO_WORDS } from './demo-words';

describe('the onboarding sample card', () => {
  it('has a sample in each of the 21 languages', () => {
    expect(Object.keys(DEMO_WORDS).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const sample of Object.values(DEMO_WORDS)) {
      expect(sample.word.trim()).not.toBe('');
      expect(sample.ipa.trim()).not.toBe('');
      expect(sample.example.trim()).not.toBe('');
    }
  });

  it('shows the word in the language being learnt, explained in the one spoken', () => {
    expect(demoCard('en', 'fr')).toMatchObject({
      word: 'papillon',
      translation: 'butterfly',
      example: {
        target: 'Un papillon bleu a volé dans le jardin.',
        translation: 'A blue butterfly flew through the garden.',
      },
    });
    expect(demoCard('de', 'ja')).toMatchObject({ word: '蝶', translation: 'Schmetterling' });
  });
});
