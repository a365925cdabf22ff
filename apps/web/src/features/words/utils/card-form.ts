import {
  CEFR_LEVELS,
  createWordInputSchema,
  type CefrLevel,
  type GeneratedCard,
  type Word,
  type WordTheme,
} from '@verba/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The card form (hand-written cards and edits) in the shape a form holds: plain strings, two
 * example rows, synonyms as one comma-separated line. Checked with the shared schema the API
 * uses, so the form refuses exactly what the server would.
 */
export interface CardFormValues {
  word: string;
  translation: string;
  ipa: string;
  reading: string;
  grammarType: string;
  cefrLevel: CefrLevel | '';
  mnemonic: string;
  synonyms: string;
  examples: { target: string; translation: string }[];
  themes: WordTheme[];
}

/** The card fields of the shared schema (everything a learner writes; the id is added on save). */
export const cardInputSchema = createWordInputSchema.omit({ id: true });
export type CardInput = z.output<typeof cardInputSchema>;

export const EXAMPLE_ROWS = 2;

type CardSource = Partial<Pick<Word, keyof GeneratedCard>> & { word?: string };

export function cardFormDefaults(card: CardSource = {}): CardFormValues {
  const examples = (card.examples ?? []).map((e) => ({ ...e }));
  while (examples.length < EXAMPLE_ROWS) examples.push({ target: '', translation: '' });
  return {
    word: card.word ?? '',
    translation: card.translation ?? '',
    ipa: card.ipa ?? '',
    reading: card.reading ?? '',
    grammarType: card.grammarType ?? '',
    cefrLevel: card.cefrLevel && CEFR_LEVELS.includes(card.cefrLevel) ? card.cefrLevel : '',
    mnemonic: card.mnemonic ?? '',
    synonyms: (card.synonyms ?? []).join(', '),
    examples,
    themes: [...((card.themes ?? []) as WordTheme[])],
  };
}

/** Form strings to the API's card fields: blank rows are left out, blanks become null. */
export function toCardInput(values: CardFormValues) {
  return {
    word: values.word,
    translation: values.translation,
    ipa: values.ipa.replace(/^\s*[/[]|[/\]]\s*$/g, '') || null,
    reading: values.reading || null,
    grammarType: values.grammarType || null,
    cefrLevel: values.cefrLevel || null,
    mnemonic: values.mnemonic || null,
    synonyms: values.synonyms
      .split(/[,，、]/u)
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    examples: values.examples.filter((e) => e.target.trim() !== '' || e.translation.trim() !== ''),
    themes: values.themes,
  };
}

/** Where a schema issue shows in the form: examples keep their row, list items their field. */
function fieldOf(path: readonly PropertyKey[], values: CardFormValues): string {
  const [head, index, leaf] = path;
  if (head === 'examples' && typeof index === 'number' && typeof leaf === 'string') {
    // Blank rows were dropped before checking: find the row the issue belongs to.
    const kept = values.examples
      .map((e, i) => ({ e, i }))
      .filter(({ e }) => e.target.trim() !== '' || e.translation.trim() !== '');
    return `examples.${kept[index]?.i ?? index}.${leaf}`;
  }
  return String(head ?? 'root');
}

function setPath(errors: Record<string, unknown>, path: string, message: string, type: string) {
  const keys = path.split('.');
  let node = errors;
  keys.slice(0, -1).forEach((key, i) => {
    node[key] ??= /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  });
  const last = keys.at(-1) ?? 'root';
  node[last] ??= { type, message };
}

export const cardFormResolver: Resolver<CardFormValues, unknown, CardInput> = (values) => {
  const result = cardInputSchema.safeParse(toCardInput(values));
  if (result.success) return { values: result.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    setPath(errors, fieldOf(issue.path, values), issue.message, issue.code);
  }
  return { values: {}, errors: errors as FieldErrors<CardFormValues> };
};
