import { describe, expect, it } from 'vitest';
import { examplesFromField } from './anki-source.ts';

describe('examplesFromField', () => {
  it('reads a sentence and its translation from one line with a separator', () => {
    expect(examplesFromField('el gato come - the cat eats\nla casa\tthe house')).toEqual([
      { target: 'el gato come', translation: 'the cat eats' },
      { target: 'la casa', translation: 'the house' },
    ]);
  });

  it('pairs lines without a separator, a sentence then its translation', () => {
    expect(examplesFromField('el perro ladra\nthe dog barks\n\nsolo\n')).toEqual([
      { target: 'el perro ladra', translation: 'the dog barks' },
    ]);
  });

  it('keeps a hyphen inside a word', () => {
    expect(examplesFromField('e-mail enviado — email sent')).toEqual([
      { target: 'e-mail enviado', translation: 'email sent' },
    ]);
  });
});
