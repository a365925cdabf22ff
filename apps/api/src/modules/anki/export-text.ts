import { TEXT_EXPORT_COLUMNS } from '@verba/shared';
import { asTag, wordFields, type ExportWord } from './export-data.ts';
import { noteGuid } from './guid.ts';

export type TextFormat = 'csv' | 'tsv';

const SEPARATOR = { csv: ',', tsv: '\t' } as const;
const SEPARATOR_NAME = { csv: 'comma', tsv: 'tab' } as const;

/** A field as RFC 4180 writes it: quoted when it holds the separator, a quote or a line break. */
function quote(value: string, separator: string): string {
  const needsQuotes =
    value.includes(separator) ||
    value.includes('"') ||
    value.includes('\n') ||
    value.includes('\r') ||
    value.startsWith('#');
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** 1-based position of a column, as Anki's headers count them. */
const column = (name: (typeof TEXT_EXPORT_COLUMNS)[number]) =>
  TEXT_EXPORT_COLUMNS.indexOf(name) + 1;

/**
 * The words as CSV or TSV with Anki's header lines (`#separator:`, `#html:false`, `#columns:`,
 * and which columns hold the deck, the tags and the GUID), so that Anki's text import and a
 * spreadsheet both read it. One line per word, line breaks inside a field quoted.
 */
export function exportText(words: readonly ExportWord[], format: TextFormat): string {
  const separator = SEPARATOR[format];
  const lines = [
    `#separator:${SEPARATOR_NAME[format]}`,
    '#html:false',
    `#deck column:${column('Group')}`,
    `#tags column:${column('Tags')}`,
    `#guid column:${column('GUID')}`,
    `#columns:${TEXT_EXPORT_COLUMNS.join(separator)}`,
  ];
  for (const word of words) {
    const values = [
      ...wordFields(word),
      word.groups[0] ?? '',
      word.groups.slice(1).map(asTag).join(' '),
      noteGuid(word.id),
    ];
    lines.push(values.map((value) => quote(value, separator)).join(separator));
  }
  return `${lines.join('\r\n')}\r\n`;
}
