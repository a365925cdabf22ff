import { GROUP_NAME_MAX_LENGTH, IMPORT_TEXT } from '@verba/shared';
import { describe, expect, it } from 'vitest';
import { decodeText, firstInvalidUtf8 } from './decode.ts';
import { htmlToText } from './html-text.ts';
import { detectSeparator, parseAnkiHeaders, readTextSource } from './text-source.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('detectSeparator', () => {
  it.each([
    ['hola\thello\nadiós\tgoodbye', '\t'],
    ['hola,hello\nadiós,goodbye', ','],
    ['hola;hello\nadiós;goodbye', ';'],
    ['hola - hello\nadiós - goodbye', ' - '],
    ['hola|hello\nadiós|goodbye', '|'],
    // A comma inside translations does not beat the tab found on every line.
    ['hola\thello, hi\nadiós\tgoodbye', '\t'],
    // The separator most lines have wins over one a single line has.
    ['a;b\nc;d\ne,f;g', ';'],
    // One word per line: one column.
    ['hola\nadiós', '\t'],
  ])('finds the separator of %j', (text, separator) => {
    expect(detectSeparator(text)).toBe(separator);
  });

  it('looks at rows split by a row separator of the learner’s', () => {
    expect(detectSeparator('a,b##c,d', '##')).toBe(',');
  });
});

describe('parseAnkiHeaders', () => {
  it('reads every header Anki writes and returns the rows after them', () => {
    const { headers, body } = parseAnkiHeaders(
      [
        '#separator:Pipe',
        '#html:false',
        '#tags:one two',
        '#deck:Spanish',
        '#columns:Front|Back|Deck',
        '#guid column:4',
        '#notetype column:5',
        '#deck column:3',
        '#tags column:6',
        'a|b|c',
      ].join('\r\n'),
    );
    expect(headers).toEqual({
      separator: '|',
      html: false,
      tags: ['one', 'two'],
      deck: 'Spanish',
      columns: ['Front', 'Back', 'Deck'],
      guidColumn: 4,
      notetypeColumn: 5,
      deckColumn: 3,
      tagsColumn: 6,
    });
    expect(body).toBe('a|b|c');
  });

  it.each([
    ['tab', '\t'],
    ['Comma', ','],
    ['semicolon', ';'],
    ['Space', ' '],
    ['colon', ':'],
    ['#', '#'],
  ])('reads the separator %s', (name, separator) => {
    expect(parseAnkiHeaders(`#separator:${name}\nx`).headers.separator).toBe(separator);
  });

  it('leaves a file without headers as it is', () => {
    expect(parseAnkiHeaders('#hashtag word\tx')).toEqual({ headers: {}, body: '#hashtag word\tx' });
  });
});

describe('readTextSource', () => {
  it('takes the columns Anki names as word and translation', () => {
    const result = readTextSource(utf8('#separator:tab\n#columns:Back\tFront\nhello\thola'), {});
    expect(result.rows).toEqual([{ line: 1, word: 'hola', translation: 'hello' }]);
  });

  it('skips the guid, note type, deck and tags columns and keeps deck and tags', () => {
    const result = readTextSource(
      utf8(
        '#separator:tab\n#guid column:1\n#deck column:2\n#tags column:5\nG1\tDeck A\thola\thello\tx y',
      ),
      {},
    );
    expect(result.rows).toEqual([
      { line: 1, word: 'hola', translation: 'hello', group: 'Deck A', tags: ['x', 'y'] },
    ]);
  });

  it('makes each row’s deck its group, the file’s deck where a row has none', () => {
    const long = `Spanish::${'Very long deck name '.repeat(3)}`;
    const result = readTextSource(
      utf8(
        [
          '#separator:tab',
          '#deck:Spanish',
          '#deck column:3',
          'hola\thello\tSpanish::Greetings',
          'adiós\tgoodbye\t',
          `tren\ttrain\t  ${long}`,
          'gato\tcat\tBad\u0007deck',
        ].join('\n'),
      ),
      {},
    );
    expect(result.rows.map((r) => r.group)).toEqual([
      'Spanish::Greetings',
      'Spanish',
      long.slice(0, GROUP_NAME_MAX_LENGTH).trim(),
      undefined,
    ]);
  });

  it('reads the tags of `#tags:` and of the tags column together', () => {
    const result = readTextSource(
      utf8('#separator:comma\n#tags:Travel  verbs\n#tags column:3\nir,to go,Travel irregular'),
      {},
    );
    expect(result.rows[0]?.tags).toEqual(['Travel', 'verbs', 'irregular']);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with and without its byte-order mark', () => {
    expect(decodeText(utf8('größe'))).toBe('größe');
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('größe')]))).toBe('größe');
  });

  it('reads UTF-16 little- and big-endian with their marks', () => {
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0xe9, 0x00]))).toBe('hé');
    expect(decodeText(new Uint8Array([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9]))).toBe('hé');
  });

  it.each([
    ['Latin-1', [0x61, 0xe9, 0x62], 1],
    ['an overlong form', [0x61, 0xc0, 0xaf], 1],
    ['a surrogate', [0xed, 0xa0, 0x80], 0],
    ['a cut sequence', [0x61, 0x62, 0xe2, 0x82], 2],
    ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
  ])('names the first byte of %s that is not UTF-8', (_name, bytes, offset) => {
    expect(firstInvalidUtf8(new Uint8Array(bytes))).toBe(offset);
    expect(() => decodeText(new Uint8Array(bytes))).toThrow(IMPORT_TEXT.notUtf8(offset));
  });

  it('refuses an empty file and binary data with their own messages', () => {
    expect(() => decodeText(new Uint8Array())).toThrow(IMPORT_TEXT.empty);
    expect(() => decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00]))).toThrow(
      IMPORT_TEXT.binary,
    );
  });
});

describe('htmlToText', () => {
  it('keeps line breaks, drops tags and decodes entities', () => {
    expect(htmlToText('<div>a <b>b</b></div><div>c&nbsp;&amp;&#233;&#xe9;</div>x<br/>y')).toBe(
      'a b\nc\u00a0&éé\nx\ny',
    );
    expect(htmlToText('<script>alert(1)</script>&unknown;')).toBe('alert(1)&unknown;');
  });
});
