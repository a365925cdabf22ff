import {
  createWordInputSchema,
  IMPORT_LIMITS,
  IMPORT_PROBLEMS,
  IMPORT_TEXT,
  isPlainText,
  WORD_CARD_LIMITS,
  WORD_THEMES,
  type ImportRow,
  type ImportRowPreview,
  type NewWord,
} from '@verba/shared';

/** A row after its checks: the card it saves, or why it does not. */
export interface CheckedRow {
  row: ImportRow;
  preview: ImportRowPreview;
  card: Omit<NewWord, 'id'> | null;
  /** A backup's word already in the collection: the id of the word it is merged into. */
  mergeInto?: string;
}

export interface CheckedRows {
  rows: CheckedRow[];
  valid: number;
  duplicates: number;
  problems: number;
}

/**
 * A word as duplicates are found: after Unicode compatibility normalisation, in lower case, with
 * its whitespace collapsed, so 'Café' typed with a combining accent matches 'café'.
 */
export function duplicateKey(word: string): string {
  return word.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** Line breaks and tabs inside a field of a file are spaces on a card. */
const oneLine = (value: string | undefined) =>
  (value ?? '')
    .normalize('NFC')
    .replace(/[\t\n\r]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

const THEMES = new Set<string>(WORD_THEMES);

function fieldProblem(field: string, value: string, max: number): string | null {
  if (!isPlainText(value)) return IMPORT_PROBLEMS.controlCharacters(field);
  if (value.length > max) return IMPORT_PROBLEMS.tooLong(field, max);
  return null;
}

/** A card whose translation the AI writes after the import (docs/decisions/058). */
const cardWithoutTranslation = createWordInputSchema.omit({ translation: true });

/**
/**
 * A field as the preview shows it: a control character as the replacement character, so that a
 * row refused for one can be shown and kept (a NUL cannot be stored in JSON columns).
 */
// eslint-disable-next-line no-control-regex
const shown = (value: string) => value.replace(/[\u0000-\u001f\u007f-\u009f]/gu, '\ufffd');

const optionalLine = (value: string | undefined) => (value === undefined ? null : oneLine(value));

/**
 * Checks every row as a hand-written card is checked (the same schema), and finds duplicates
 * of the collection (`existing`: each word's id by its `duplicateKey`) and of earlier rows. With `merge` (a
 * backup), a word already in the collection is not skipped: it is saved over it when newer.
 * With `translationFromAi` (an AI provider completes imported words), a row may come without
 * its translation; it is saved without one, and its preview says who will write it.
 */
export function checkRows(
  rows: ImportRow[],
  existing: ReadonlyMap<string, string>,
  {
    merge = false,
    translationFromAi = false,
  }: { merge?: boolean; translationFromAi?: boolean } = {},
): CheckedRows {
  const seen = new Set<string>();
  let valid = 0;
  let duplicates = 0;
  let problems = 0;
  const checked = rows.map((row): CheckedRow => {
    const word = oneLine(row.word);
    const translation = oneLine(row.translation);
    const preview = (problem: string | null, duplicate = false): ImportRowPreview => ({
      line: row.line,
      word: shown(word),
      translation: shown(translation),
      problem,
      duplicate,
    });
    const refused = (problem: string, duplicate = false): CheckedRow => {
      if (duplicate) duplicates++;
      else problems++;
      return { row, preview: preview(problem, duplicate), card: null };
    };
    if (word === '') return refused(IMPORT_PROBLEMS.emptyWord);
    const wordProblem = fieldProblem('word', word, WORD_CARD_LIMITS.word);
    if (wordProblem) return refused(wordProblem);
    const key = duplicateKey(word);
    const inCollection = existing.get(key);
    if (inCollection && !merge) return refused(IMPORT_PROBLEMS.inCollection, true);
    if (seen.has(key)) return refused(IMPORT_PROBLEMS.earlierInFile, true);
    seen.add(key);
    const aiTranslates = translation === '' && translationFromAi;
    if (translation === '' && !aiTranslates) return refused(IMPORT_PROBLEMS.noTranslation);
    const translationProblem = fieldProblem(
      'translation',
      translation,
      WORD_CARD_LIMITS.translation,
    );
    if (translationProblem) return refused(translationProblem);
    const parsed = (aiTranslates ? cardWithoutTranslation : createWordInputSchema).safeParse({
      id: '00000000-0000-4000-8000-000000000000',
      word,
      ...(aiTranslates ? {} : { translation }),
      ipa: optionalLine(row.ipa),
      reading: optionalLine(row.reading),
      synonyms: (row.synonyms ?? []).map(oneLine),
      grammarType: optionalLine(row.grammarType),
      cefrLevel: row.cefrLevel ?? null,
      examples: (row.examples ?? []).map((e) => ({
        target: oneLine(e.target),
        translation: oneLine(e.translation),
      })),
      mnemonic: optionalLine(row.notes),
      themes: (row.tags ?? [])
        .filter((tag) => THEMES.has(tag))
        .slice(0, WORD_CARD_LIMITS.themesMax),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0] === 'mnemonic' ? 'notes' : String(issue?.path[0] ?? 'row');
      return refused(`The ${field}: ${issue?.message ?? 'is not valid'}`);
    }
    const { id: _id, ...card } = parsed.data;
    // Saved without a translation when the AI writes it; the preview says so.
    const saved = { translation: '', ...card };
    if (inCollection) {
      duplicates++;
      return {
        row,
        preview: preview(IMPORT_PROBLEMS.merged, true),
        card: saved,
        mergeInto: inCollection,
      };
    }
    valid++;
    const plain = preview(null);
    return {
      row,
      preview: aiTranslates ? { ...plain, translation: IMPORT_TEXT.translationFromAi } : plain,
      card: saved,
    };
  });
  return { rows: checked, valid, duplicates, problems };
}

export const previewRows = (checked: CheckedRows) =>
  checked.rows.slice(0, IMPORT_LIMITS.previewRows).map((r) => r.preview);
