import { z } from 'zod';
import { IMPORT_JOB_STATUSES, IMPORT_LIMITS, IMPORT_SOURCES } from './imports.ts';
import { text } from './text.schema.ts';

/**
 * The import routes' shapes (issue 25): the options an upload is read with, the preview of what
 * would be saved, and the import job.
 */

/** A separator as the learner chose it: a few characters, a tab allowed. */
const separator = text({ multiline: true, trim: false })
  .min(1, 'A separator cannot be empty')
  .max(IMPORT_LIMITS.separatorMaxLength, 'A separator is at most 10 characters');

const fieldIndex = z.number().int().min(0).max(99);

/** Which field (by position) of an Anki note type becomes which part of a word; null for none. */
export const ankiFieldMappingSchema = z
  .object({
    word: fieldIndex,
    translation: fieldIndex.nullable().optional(),
    examples: fieldIndex.nullable().optional(),
    ipa: fieldIndex.nullable().optional(),
    notes: fieldIndex.nullable().optional(),
  })
  .strict();
export type AnkiFieldMapping = z.infer<typeof ankiFieldMappingSchema>;

/** A field choice that is not one (its text lives here, with the schema that sends it). */
export const ANKI_BAD_FIELDS = 'The field choice is not valid.';

/** The learner's field choice per note type (by the note type's id), as JSON in the query. */
const ankiFields = z
  .string()
  .max(20_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ANKI_BAD_FIELDS });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string().regex(/^-?\d{1,20}$/, ANKI_BAD_FIELDS), ankiFieldMappingSchema));

/** How an upload is read; sent as the query of the upload, whose body is the file itself. */
export const importOptionsSchema = z
  .object({
    source: z.enum(IMPORT_SOURCES).default('text'),
    /** Between a word and its translation; detected when absent. */
    separator: separator.optional(),
    /** Between rows; a line break when absent. */
    rowSeparator: separator.optional(),
    /** For an Anki package: which fields are the word, the translation and the rest. */
    fields: ankiFields.optional(),
  })
  .strict();
export type ImportOptions = z.output<typeof importOptionsSchema>;
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;

export const importRowPreviewSchema = z.object({
  line: z.number().int(),
  word: z.string(),
  translation: z.string(),
  /** Why the row will not be saved; null when it will. */
  problem: z.string().nullable(),
  /** The problem is that the word is already there (in the collection or earlier in the file). */
  duplicate: z.boolean(),
});
export type ImportRowPreview = z.infer<typeof importRowPreviewSchema>;

/** What an Anki import leaves out: sounds and images, and histories that could not be read. */
export const ankiImportSummarySchema = z.object({
  sounds: z.number().int(),
  images: z.number().int(),
  /** Words whose review history could not be read: they start as new. */
  unreadableHistory: z.number().int(),
});
export type AnkiImportSummary = z.infer<typeof ankiImportSummarySchema>;

/** A package's note type, its fields and the choice the preview was read with. */
export const ankiNoteTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(z.string()),
  /** Notes of this type in the package. */
  notes: z.number().int(),
  mapping: ankiFieldMappingSchema,
});
export type AnkiNoteTypePreview = z.infer<typeof ankiNoteTypeSchema>;

export const ankiPreviewSchema = ankiImportSummarySchema.extend({
  noteTypes: z.array(ankiNoteTypeSchema),
  /** The decks, which become groups. */
  decks: z.array(z.string()),
});
export type AnkiPreview = z.infer<typeof ankiPreviewSchema>;

export const importPreviewSchema = z.object({
  /** The separator the rows were read with, and whether it was detected. */
  separator: z.string(),
  separatorDetected: z.boolean(),
  rowSeparator: z.string(),
  /** Anki's `#html:true`: fields were turned from HTML into text. */
  html: z.boolean(),
  total: z.number().int(),
  /** Rows that will be saved. */
  valid: z.number().int(),
  duplicates: z.number().int(),
  problems: z.number().int(),
  /** The first rows as they will be saved. */
  rows: z.array(importRowPreviewSchema),
  /** For an Anki package: its note types and what is left out. */
  anki: ankiPreviewSchema.optional(),
  /** For a backup: the duplicates that are words already there, merged rather than skipped. */
  merged: z.number().int().optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importJobSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(IMPORT_JOB_STATUSES),
  source: z.enum(IMPORT_SOURCES),
  fileName: z.string().nullable(),
  /** Rows in the file, and rows the job has worked through. */
  total: z.number().int(),
  done: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  problems: z.number().int(),
  /** Every row that was not saved, with its reason, for the download. */
  skippedRows: z.array(importRowPreviewSchema),
  error: z.string().nullable(),
  /** For an Anki package: what was left out. */
  anki: ankiImportSummarySchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobIdSchema = z.object({ id: z.string().uuid() });

/** The query of an upload: how to read it, and the file's name for the import's record. */
export const importUploadQuerySchema = importOptionsSchema
  .extend({ fileName: text().max(255, 'A file name is at most 255 characters').optional() })
  .strict();

export const latestImportSchema = z.object({ job: importJobSchema.nullable() });
export type LatestImport = z.infer<typeof latestImportSchema>;
