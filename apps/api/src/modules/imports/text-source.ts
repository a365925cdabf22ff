import {
  IMPORT_LIMITS,
  IMPORT_SEPARATORS,
  IMPORT_TEXT,
  type ImportOptions,
  type ImportRow,
} from '@verba/shared';
import Papa from 'papaparse';
import { ApiError } from '../../lib/errors.ts';
import { decodeText } from './decode.ts';
import { groupName } from './group-name.ts';
import { htmlToText } from './html-text.ts';

/** What a text source read: its rows, and how it read them (the screen shows and changes it). */
export interface TextSourceResult {
  rows: ImportRow[];
  separator: string;
  separatorDetected: boolean;
  rowSeparator: string;
  html: boolean;
}

/** Anki's text-export header lines (`#key:value` before the first row). */
export interface AnkiHeaders {
  separator?: string;
  html?: boolean;
  columns?: string[];
  tags?: string[];
  deck?: string;
  /** 1-based column numbers, as Anki writes them. */
  guidColumn?: number;
  notetypeColumn?: number;
  deckColumn?: number;
  tagsColumn?: number;
}

const ANKI_SEPARATORS: Record<string, string> = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  space: ' ',
  pipe: '|',
  colon: ':',
};

/**
 * Reads the header lines Anki writes at the top of a text export. Returns them and the text
 * after them; a file without headers comes back as it was.
 */
export function parseAnkiHeaders(text: string): { headers: AnkiHeaders; body: string } {
  const headers: AnkiHeaders = {};
  let rest = text;
  const raw: [string, string][] = [];
  for (;;) {
    const match = /^#([a-z ]+):(.*)(?:\r\n|\n|\r|$)/i.exec(rest);
    if (!match) break;
    raw.push([match[1]!.trim().toLowerCase(), match[2]!.replace(/\r$/, '')]);
    rest = rest.slice(match[0].length);
  }
  for (const [key, value] of raw) {
    if (key === 'separator') {
      headers.separator = ANKI_SEPARATORS[value.trim().toLowerCase()] ?? value;
    }
  }
  const column = (value: string) => {
    const n = Number.parseInt(value.trim(), 10);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const set = <K extends keyof AnkiHeaders>(key: K, value: AnkiHeaders[K] | undefined) => {
    if (value !== undefined) headers[key] = value;
  };
  for (const [key, value] of raw) {
    switch (key) {
      case 'html':
        headers.html = value.trim().toLowerCase() === 'true';
        break;
      case 'tags':
        headers.tags = value.split(/\s+/).filter(Boolean);
        break;
      case 'columns':
        headers.columns = value.split(headers.separator ?? '\t').map((c) => c.trim());
        break;
      case 'deck':
        headers.deck = value.trim();
        break;
      case 'guid column':
        set('guidColumn', column(value));
        break;
      case 'notetype column':
        set('notetypeColumn', column(value));
        break;
      case 'deck column':
        set('deckColumn', column(value));
        break;
      case 'tags column':
        set('tagsColumn', column(value));
        break;
    }
  }
  return { headers, body: rest };
}

/** Candidates in order of preference when they fit equally well. */
const CANDIDATES = [
  IMPORT_SEPARATORS.tab,
  IMPORT_SEPARATORS.semicolon,
  IMPORT_SEPARATORS.comma,
  IMPORT_SEPARATORS.pipe,
  IMPORT_SEPARATORS.dash,
];

/**
 * The separator between a word and its translation: the candidate found on the most of the first
 * lines (a tab wins a tie, a spaced dash only when nothing else is there). A list of single words
 * has none; it is read as one column with the tab, which no word holds.
 */
export function detectSeparator(text: string, rowSeparator = '\n'): string {
  const lines = text
    .split(rowSeparator === '\n' ? /\r\n|\n|\r/ : rowSeparator)
    .filter((line) => line.trim() !== '')
    .slice(0, 50);
  let best: string = IMPORT_SEPARATORS.tab;
  let bestCount = 0;
  for (const candidate of CANDIDATES) {
    const count = lines.filter((line) => line.includes(candidate)).length;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/** The records of the text: RFC 4180 with line breaks between rows, a plain split otherwise. */
function records(body: string, separator: string, rowSeparator: string): string[][] {
  if (rowSeparator === '\n') {
    const parsed = Papa.parse<string[]>(body, {
      delimiter: separator,
      quoteChar: '"',
      skipEmptyLines: 'greedy',
    });
    return parsed.data;
  }
  // Quizlet's own row separators come without quoting: a row ends at the separator, and its term
  // ends at the first field separator.
  return body
    .split(rowSeparator)
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const at = row.indexOf(separator);
      return at === -1 ? [row] : [row.slice(0, at), row.slice(at + separator.length)];
    });
}

const WORD_COLUMN = /^(word|front|term|question|expression|vocab(ulary)?)$/i;
const TRANSLATION_COLUMN = /^(translation|back|definition|answer|meaning)$/i;

/**
 * Reads pasted text or a CSV/TSV/TXT upload: its encoding, Anki's headers, the separators (the
 * learner's, Anki's or detected), quoting. The first field column is the word and the second the
 * translation, unless Anki's `#columns:` names them.
 */
export function readTextSource(
  bytes: Uint8Array,
  options: Pick<ImportOptions, 'separator' | 'rowSeparator'>,
): TextSourceResult {
  const { headers, body } = parseAnkiHeaders(decodeText(bytes));
  if (body.trim() === '') throw new ApiError('BAD_REQUEST', IMPORT_TEXT.noRows);
  const rowSeparator = options.rowSeparator ?? '\n';
  const chosen = options.separator ?? headers.separator;
  const separator = chosen ?? detectSeparator(body, rowSeparator);
  const html = headers.html === true;
  const all = records(body, separator, rowSeparator);
  if (all.length > IMPORT_LIMITS.maxRows) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.tooManyRows(all.length));
  }
  const special = new Set(
    [headers.guidColumn, headers.notetypeColumn, headers.deckColumn, headers.tagsColumn]
      .filter((n): n is number => n !== undefined)
      .map((n) => n - 1),
  );
  const width = Math.max(headers.columns?.length ?? 0, ...all.slice(0, 100).map((r) => r.length));
  const fields = [...Array(width).keys()].filter((i) => !special.has(i));
  const named = (pattern: RegExp) => {
    const at = headers.columns?.findIndex((name) => pattern.test(name)) ?? -1;
    return at >= 0 && !special.has(at) ? at : undefined;
  };
  const wordAt = named(WORD_COLUMN) ?? fields[0] ?? 0;
  const translationAt = named(TRANSLATION_COLUMN) ?? fields.find((i) => i !== wordAt);
  const clean = (value: string | undefined) => {
    const v = value ?? '';
    return html ? htmlToText(v) : v;
  };
  const rows = all.map((record, index): ImportRow => {
    const row: ImportRow = { line: index + 1, word: clean(record[wordAt]) };
    const translation = translationAt === undefined ? '' : clean(record[translationAt]);
    if (translation.trim() !== '') row.translation = translation;
    // A row's own deck, else the file's (`#deck:`); each becomes a group, as an Anki package's.
    const deck = groupName(
      (headers.deckColumn === undefined ? '' : record[headers.deckColumn - 1]?.trim()) ||
        (headers.deck ?? ''),
    );
    if (deck) row.group = deck;
    // The file's tags (`#tags:`) and the row's own, each once.
    const tags = [
      ...(headers.tags ?? []),
      ...(headers.tagsColumn !== undefined
        ? (record[headers.tagsColumn - 1] ?? '').split(/\s+/).filter(Boolean)
        : []),
    ];
    if (tags.length > 0) row.tags = [...new Set(tags)];
    return row;
  });
  return { rows, separator, separatorDetected: chosen === undefined, rowSeparator, html };
}
