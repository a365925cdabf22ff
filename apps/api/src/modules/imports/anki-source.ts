import {
  IMPORT_LIMITS,
  IMPORT_TEXT,
  type AnkiFieldMapping,
  type AnkiPreview,
  type ImportOptions,
  type ImportRow,
} from '@verba/shared';
import type { ReviewLogEntry, SchedulerParams } from '@verba/srs';
import { ApiError } from '../../lib/errors.ts';
import type { BackupWord } from './backup-source.ts';
import { groupName } from './group-name.ts';
import { AnkiPackageError } from '../anki/errors.ts';
import { readAnkiPackage, type AnkiPackage } from '../anki/package.ts';
import { ankiRows, defaultMapping, type FieldMapping } from '../anki/rows.ts';
import { cardToRow, type WordSchedule } from '../scheduling/card-mapper.ts';

/** A word's review history as an import saves it: its schedule and one log entry per answer. */
export interface ImportHistory {
  schedule: WordSchedule;
  log: ReviewLogEntry[];
}

/** A row of a source that brings review histories along (an Anki package, a backup). */
export type SourceRow = ImportRow & { history?: ImportHistory; backup?: BackupWord };

export interface AnkiSourceResult {
  rows: SourceRow[];
  anki: AnkiPreview;
}

/** An example's sentence and translation on one line: "sentence - translation", or a tab. */
const EXAMPLE_SEPARATOR = /\t| [-–—=] /u;

/**
 * The examples a field holds, one a line: a line with a separator is a sentence and its
 * translation; lines without one pair up, a sentence followed by its translation.
 */
export function examplesFromField(text: string): { target: string; translation: string }[] {
  const lines = text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean);
  const examples: { target: string; translation: string }[] = [];
  let pending: string | null = null;
  for (const line of lines) {
    const split = EXAMPLE_SEPARATOR.exec(line);
    if (split && pending === null) {
      examples.push({
        target: line.slice(0, split.index).trim(),
        translation: line.slice(split.index + split[0].length).trim(),
      });
    } else if (pending === null) {
      pending = line;
    } else {
      examples.push({ target: pending, translation: line });
      pending = null;
    }
  }
  return examples.filter((e) => e.target !== '' && e.translation !== '');
}

/** The learner's choice for each note type, checked against the package, over the defaults. */
function mappingFor(
  pkg: AnkiPackage,
  chosen: ImportOptions['fields'],
): Record<number, FieldMapping> {
  const mapping = defaultMapping(pkg);
  for (const [id, fields] of Object.entries(chosen ?? {})) {
    const type = pkg.noteTypes.find((t) => String(t.id) === id);
    if (!type) throw new ApiError('BAD_REQUEST', IMPORT_TEXT.ankiUnknownNoteType(id));
    for (const index of Object.values(fields)) {
      if (typeof index === 'number' && index >= type.fields.length) {
        throw new ApiError('BAD_REQUEST', IMPORT_TEXT.ankiUnknownField(type.name, index));
      }
    }
    mapping[type.id] = fields;
  }
  return mapping;
}

const asPreviewMapping = (mapping: FieldMapping): AnkiFieldMapping => ({
  word: mapping.word,
  translation: mapping.translation ?? null,
  examples: mapping.examples ?? null,
  ipa: mapping.ipa ?? null,
  notes: mapping.notes ?? null,
});

/**
 * Reads an Anki package (.apkg, .colpkg) into rows under the learner's field choice: each note a
 * word, its deck its group, its review history replayed into a schedule with the learner's
 * scheduler parameters (not for a preview: `replay` false). A package that cannot be read is
 * refused with the reader's message.
 */
export async function readAnkiSource(
  bytes: Uint8Array,
  options: ImportOptions,
  params: SchedulerParams,
  { replay = true }: { replay?: boolean } = {},
): Promise<AnkiSourceResult> {
  if (bytes.length === 0) throw new ApiError('BAD_REQUEST', IMPORT_TEXT.empty);
  const pkg = await readAnkiPackage(bytes).catch((error: unknown) => {
    if (error instanceof AnkiPackageError) throw new ApiError('BAD_REQUEST', error.message);
    throw error;
  });
  if (pkg.notes.length > IMPORT_LIMITS.maxRows) {
    throw new ApiError('BAD_REQUEST', IMPORT_TEXT.tooManyRows(pkg.notes.length));
  }
  const mapping = mappingFor(pkg, options.fields);
  const read = ankiRows(pkg, mapping, params, { replay });
  const rows = read.rows.map((row, index): SourceRow => {
    const out: SourceRow = { line: index + 1, word: row.word };
    if (row.translation !== undefined) out.translation = row.translation;
    if (row.ipa !== undefined) out.ipa = row.ipa;
    if (row.examples !== undefined) out.examples = examplesFromField(row.examples);
    if (row.notes !== undefined) out.notes = row.notes;
    const group = row.group === undefined ? '' : groupName(row.group);
    if (group !== '') out.group = group;
    if (row.tags) out.tags = row.tags;
    if (row.schedule && row.log) {
      out.history = { schedule: cardToRow(row.schedule), log: row.log };
    }
    return out;
  });
  const notesOfType = new Map<number, number>();
  for (const note of pkg.notes) {
    notesOfType.set(note.noteTypeId, (notesOfType.get(note.noteTypeId) ?? 0) + 1);
  }
  return {
    rows,
    anki: {
      sounds: read.sounds,
      images: read.images,
      unreadableHistory: read.unreadableHistory,
      decks: [...new Set(rows.flatMap((r) => (r.group ? [r.group] : [])))],
      noteTypes: pkg.noteTypes
        .filter((type) => notesOfType.has(type.id))
        .map((type) => ({
          id: String(type.id),
          name: type.name,
          fields: type.fields,
          notes: notesOfType.get(type.id) ?? 0,
          mapping: asPreviewMapping(mapping[type.id] ?? { word: 0, translation: 1 }),
        })),
    },
  };
}
