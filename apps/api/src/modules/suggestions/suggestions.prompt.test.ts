import { describe, expect, it } from 'vitest';
import { checkSuggestions, filterSuggestions } from './suggestions.prompt.ts';

const s = (word: string, translation = 'x', reason = 'Useful') => ({ word, translation, reason });

describe('filterSuggestions', () => {
  it('drops words the learner has, in any case, and repeats', () => {
    expect(
      filterSuggestions(
        [s('La Casa'), s('el perro'), s('EL PERRO'), s('el gato')],
        ['la casa'],
      ).map((x) => x.word),
    ).toEqual(['el perro', 'el gato']);
  });

  it('drops incomplete, oversized and control-character entries, trimming the rest', () => {
    const kept = filterSuggestions(
      [s(''), s('a', ''), s('b', 'x', ''), s('c'.repeat(101)), s('d\u0007'), s('  e  ', ' y ')],
      [],
    );
    expect(kept).toEqual([{ word: 'e', translation: 'y', reason: 'Useful' }]);
  });
});

describe('checkSuggestions', () => {
  it('asks again when nothing new is left', () => {
    expect(checkSuggestions({ suggestions: [s('hola')] }, { exclude: ['Hola'] }).ok).toBe(false);
    expect(checkSuggestions({ suggestions: [s('adiós')] }, { exclude: ['Hola'] })).toEqual({
      ok: true,
      value: [s('adiós')],
    });
  });
});
