import { describe, expect, it } from 'vitest';
import { skippedRowsCsv } from './skipped-rows-file';

describe('skippedRowsCsv', () => {
  it('writes each skipped row with its reason, quoted as RFC 4180 says', () => {
    expect(
      skippedRowsCsv([
        { line: 2, word: 'el "gato"', translation: 'cat, feline', problem: 'x', duplicate: true },
        {
          line: 5,
          word: '',
          translation: 'nothing',
          problem: 'The word is empty',
          duplicate: false,
        },
      ]),
    ).toBe(
      '"word","translation","line","problem"\r\n' +
        '"el ""gato""","cat, feline","2","x"\r\n' +
        '"","nothing","5","The word is empty"\r\n',
    );
  });
});
