/** The largest package or file a learner may bring in: 50 MB. */
export const ANKI_PACKAGE_MAX_BYTES = 50 * 1024 * 1024;
/** The most a package may unpack to (collection and lists together); a bomb stops here. */
export const ANKI_UNPACKED_MAX_BYTES = 256 * 1024 * 1024;

/** Anki packages and the exports: texts shown by the screens and sent by the server. */
export const ANKI_TEXT = {
  tooLarge: 'The file is larger than 50 MB.',
  corruptZip: 'This file is damaged: it is not a readable Anki package (.apkg or .colpkg).',
  tooMuchData: 'This package unpacks to more than 256 MB, so it was not read.',
  notAPackage: 'This zip file is not an Anki package: it holds no Anki collection.',
  notACollection: 'The collection in this package is not an Anki collection.',
  noNotes: 'This Anki package holds no notes.',
  exportAnki: 'Export to Anki (.apkg)',
  exportCsv: 'Export as CSV',
  exportTsv: 'Export as TSV',
  exportReverse: 'Add a reverse card (translation → word)',
  exportFailed: 'The export could not be made. Try again.',
} as const;

/** The file formats words are exported in, besides the JSON of "Download my data". */
export const EXPORT_FORMATS = ['apkg', 'csv', 'tsv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The columns of the CSV/TSV export, in order; Anki's `#columns:` header names them. */
export const TEXT_EXPORT_COLUMNS = [
  'Word',
  'Translation',
  'IPA',
  'Grammar',
  'Examples',
  'Mnemonic',
  'Synonyms',
  'Level',
  'Themes',
  'Group',
  'Tags',
  'GUID',
] as const;
