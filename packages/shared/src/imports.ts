import { SCREEN_TEXT } from './messages.ts';

/**
 * Bringing words in (issue 25): the row every source produces, the limits and the texts of the
 * import screen. No schema library here, so the screen can use it without loading one.
 */

/**
 * What every source turns its bytes into, before any checking: one row per word. A source adds
 * only the fields it has; the import job checks each row as a hand-written card is checked.
 */
export interface ImportRow {
  /** The row's line (or record) number in the source, for the learner to find it again. */
  line: number;
  word: string;
  translation?: string;
  ipa?: string;
  examples?: { target: string; translation: string }[];
  notes?: string;
  /** The rest of a card, which only a Verba backup brings. */
  reading?: string;
  synonyms?: string[];
  grammarType?: string;
  cefrLevel?: string;
  /** The group (an Anki deck) the word belongs to in its source. */
  group?: string;
  tags?: string[];
}

/** Where rows come from: pasted text or a CSV/TSV/TXT file, an Anki package, a Verba backup. */
export const IMPORT_SOURCES = ['text', 'anki', 'backup'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Field separators the screen offers; `custom` takes the learner's own string. */
export const IMPORT_SEPARATORS = {
  tab: '\t',
  comma: ',',
  semicolon: ';',
  dash: ' - ',
  pipe: '|',
} as const;
export type ImportSeparatorName = keyof typeof IMPORT_SEPARATORS;

/** Row separators (Quizlet's "between rows"); `custom` takes the learner's own string. */
export const IMPORT_ROW_SEPARATORS = { newline: '\n', semicolon: ';' } as const;

/** What "Download my data" writes at the top of its file, and the backup versions an import reads. */
export const VERBA_BACKUP = { format: 'verba-backup', version: 1 } as const;

export const IMPORT_LIMITS = {
  /** Largest upload, in bytes. */
  maxBytes: 50 * 1024 * 1024,
  maxRows: 20_000,
  /** Rows the preview shows. */
  previewRows: 20,
  /** A custom separator's longest form. */
  separatorMaxLength: 10,
} as const;

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** Why a row is not imported. */
export const IMPORT_PROBLEMS = {
  emptyWord: 'The word is empty',
  noTranslation: 'A translation is required',
  tooLong: (field: string, max: number) => `The ${field} is longer than ${max} characters`,
  controlCharacters: (field: string) => `The ${field} contains control characters`,
  inCollection: 'Already in your words',
  /** A backup's word that is already there: merged, not skipped. */
  merged: 'Already in your words: the newer card is kept and the reviews are added',
  earlierInFile: 'Appears earlier in the file',
} as const;

export const IMPORT_TEXT = {
  button: 'Import',
  title: SCREEN_TEXT.importWords,
  pasteLabel: 'Paste words',
  fileLabel: 'Choose a file',
  sourcePaste: 'Paste a list',
  sourceFile: 'A CSV/TSV/TXT file',
  sourceAnki: 'An Anki package (.apkg, .colpkg)',
  ankiFileLabel: 'Choose an Anki package',
  sourceBackup: 'A Verba backup (.json)',
  backupFileLabel: 'Choose a backup',
  backupNotJson:
    'This is not a Verba backup: the file is not JSON. Choose the file “Download my data” saved.',
  backupWrongShape: (where: string) =>
    `This is not a Verba backup, or it has been changed: ${where}. Choose the file “Download my data” saved.`,
  backupWrongVersion: (version: string) =>
    `This backup is of version ${version}, which this Verba does not read. Update Verba, or download your data again.`,
  ankiFieldsTitle: 'Fields',
  ankiFieldsHint: 'Pick which field of each note type is the word and which the translation.',
  ankiNoField: 'None',
  ankiUnknownNoteType: (id: string) => `The package has no note type ${id}.`,
  ankiUnknownField: (noteType: string, index: number) =>
    `The note type “${noteType}” has no field ${index + 1}.`,
  separatorLabel: 'Between word and translation',
  rowSeparatorLabel: 'Between rows',
  detected: 'Detected',
  previewTitle: 'Preview',
  /** A row without a translation, on a server whose AI provider completes imported words. */
  translationFromAi: 'the AI will add the translation',
  /** An imported word whose translation the AI is writing, in the list. */
  translationComing: 'Translation on its way…',
  /** An imported word whose translation the AI did not write (yet). */
  noTranslationYet: 'No translation yet',
  importing: 'Importing…',
  failed: 'The import failed; nothing was saved. You can try again.',
  tryAgain: 'Try again',
  downloadProblems: 'Download rows with problems',
  alreadyRunning: 'An import is already running. Wait for it to finish.',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB, the largest an import takes.`,
  tooManyRows: (rows: number) =>
    `The file has ${rows.toLocaleString('en-US')} rows; an import takes at most ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')}.`,
  empty: 'The file is empty.',
  noRows: 'There are no words to import in this text.',
  binary: 'This is not a text file: it holds binary data. Choose a CSV, TSV or TXT file.',
  notUtf8: (offset: number) =>
    `The file is not valid UTF-8 (an invalid byte at position ${offset}). Save it as UTF-8 and try again.`,
} as const;

/** The parts of a word an Anki note's fields can become, in the order the screen shows them. */
export const ANKI_FIELD_ROLES = {
  word: 'Word',
  translation: 'Translation',
  examples: 'Examples',
  ipa: 'IPA',
  notes: 'Notes',
} as const;
export type AnkiFieldRole = keyof typeof ANKI_FIELD_ROLES;

/**
 * What an Anki import left out or changed, after the counts: "12 sounds and 3 images ignored,
 * 2 words start as new (their review history could not be read)". Empty when nothing was.
 */
export function ankiSummary(summary: {
  sounds: number;
  images: number;
  unreadableHistory: number;
}): string {
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const parts: string[] = [];
  const media = [
    summary.sounds > 0 ? n(summary.sounds, 'sound', 'sounds') : null,
    summary.images > 0 ? n(summary.images, 'image', 'images') : null,
  ].filter((part) => part !== null);
  if (media.length > 0) parts.push(`${media.join(' and ')} ignored`);
  if (summary.unreadableHistory > 0) {
    parts.push(
      `${n(summary.unreadableHistory, 'word starts', 'words start')} as new (the review history could not be read)`,
    );
  }
  return parts.join(', ');
}

/** "Import" for nothing to count yet, "Import N words" when the preview counted them. */
export function importButtonText(count: number | undefined): string {
  if (count === undefined) return IMPORT_TEXT.button;
  return `Import ${count.toLocaleString('en-US')} ${count === 1 ? 'word' : 'words'}`;
}

/** The summary at the end: "Imported N words, skipped M duplicates, K rows with problems". */
export function importSummary(imported: number, duplicates: number, problems: number): string {
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  return `Imported ${n(imported, 'word', 'words')}, skipped ${n(duplicates, 'duplicate', 'duplicates')}, ${n(problems, 'row', 'rows')} with problems`;
}

/** My Words while the AI completes imported words: "Completing 12 imported words…". */
export function completingWordsText(count: number): string {
  return `Completing ${count.toLocaleString('en-US')} imported ${count === 1 ? 'word' : 'words'}…`;
}
