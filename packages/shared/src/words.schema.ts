import { z } from 'zod';
import { WORD_TEXT } from './messages.ts';
import { text } from './text.schema.ts';
import { cefrLevelSchema, wordInputSchema } from './word-card.schema.ts';
import { collapseWhitespace } from './word-card.ts';
import {
  WORD_CARD_LIMITS,
  WORD_FILTERS,
  WORD_LIST_MAX_LIMIT,
  WORD_PAGE_SIZE,
  WORD_SEARCH_MAX_LENGTH,
  WORD_SORTS,
  WORD_THEMES,
} from './words.ts';

/**
 * A learner's saved words (spec §2 "My Words", §3 words): what the API returns, what a learner
 * may save or change, and how the collection is listed.
 */

const example = z.object({ target: z.string(), translation: z.string() });

export const wordSchema = z.object({
  id: z.string().uuid(),
  word: z.string(),
  translation: z.string(),
  ipa: z.string().nullable(),
  /** Kana, pinyin or romanization for ja, zh and ko. */
  reading: z.string().nullable(),
  examples: z.array(example),
  mnemonic: z.string().nullable(),
  synonyms: z.array(z.string()),
  grammarType: z.string().nullable(),
  cefrLevel: cefrLevelSchema.nullable(),
  themes: z.array(z.string()),
  isFavorite: z.boolean(),
  mastered: z.boolean(),
  createdAt: z.string(),
  nextReviewDate: z.string(),
});
export type Word = z.infer<typeof wordSchema>;

/** One line of free text on a card: trimmed, whitespace collapsed, no control characters. */
const cardText = (max: number) =>
  text()
    .transform(collapseWhitespace)
    .pipe(z.string().max(max, `Must be at most ${max} characters`));
/** An optional field: blank means "none". */
const optionalCardText = (max: number) =>
  cardText(max)
    .nullable()
    .transform((v) => (v ? v : null));

const requiredCardText = (max: number, message: string) =>
  cardText(max).pipe(z.string().min(1, message));

const exampleInput = z
  .object({
    target: requiredCardText(WORD_CARD_LIMITS.exampleText, 'An example needs its sentence'),
    translation: requiredCardText(WORD_CARD_LIMITS.exampleText, 'An example needs its translation'),
  })
  .strict();

/** The fields of a card a learner writes or edits; the AI's card fills the same fields. */
const cardFields = {
  word: wordInputSchema,
  translation: requiredCardText(WORD_CARD_LIMITS.translation, WORD_TEXT.translationRequired),
  ipa: optionalCardText(WORD_CARD_LIMITS.ipa),
  reading: optionalCardText(WORD_CARD_LIMITS.reading),
  examples: z.array(exampleInput).max(WORD_CARD_LIMITS.examplesMax),
  mnemonic: optionalCardText(WORD_CARD_LIMITS.mnemonic),
  synonyms: z
    .array(requiredCardText(WORD_CARD_LIMITS.synonym, 'A synonym cannot be blank'))
    .max(WORD_CARD_LIMITS.synonymsMax),
  grammarType: optionalCardText(WORD_CARD_LIMITS.grammarType),
  cefrLevel: cefrLevelSchema.nullable(),
  themes: z.array(z.enum(WORD_THEMES)).max(WORD_CARD_LIMITS.themesMax),
};

/**
 * Saving a word, from the AI's card or written by hand (only word and translation required).
 * `id` is made by the client, so a save that is retried after a lost answer is saved once.
 */
export const createWordInputSchema = z
  .object({
    id: z.string().uuid('The word needs an id made by the app'),
    word: cardFields.word,
    translation: cardFields.translation,
    ipa: cardFields.ipa.default(null),
    reading: cardFields.reading.default(null),
    examples: cardFields.examples.default([]),
    mnemonic: cardFields.mnemonic.default(null),
    synonyms: cardFields.synonyms.default([]),
    grammarType: cardFields.grammarType.default(null),
    cefrLevel: cardFields.cefrLevel.default(null),
    themes: cardFields.themes.default([]),
  })
  .strict();
export type CreateWordInput = z.input<typeof createWordInputSchema>;
/** A save request after validation: every optional field filled in. */
export type NewWord = z.output<typeof createWordInputSchema>;

/** Changing a saved word: any of its card fields, or the favorite mark. */
export const updateWordInputSchema = z
  .object({ ...cardFields, isFavorite: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type UpdateWordInput = z.input<typeof updateWordInputSchema>;
export type WordChanges = z.output<typeof updateWordInputSchema>;

export const listWordsQuerySchema = z
  .object({
    filter: z.enum(WORD_FILTERS).default('all'),
    sort: z.enum(WORD_SORTS).default('recent'),
    search: text().max(WORD_SEARCH_MAX_LENGTH).transform(collapseWhitespace).optional(),
    limit: z.coerce.number().int().min(1).max(WORD_LIST_MAX_LIMIT).default(WORD_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).default(0),
  })
  .strict();
export type ListWordsQuery = z.input<typeof listWordsQuerySchema>;
export type WordListQuery = z.output<typeof listWordsQuerySchema>;

export const wordListSchema = z.object({
  words: z.array(wordSchema),
  /** Whether more words match after this page, which ends at offset + words. */
  hasMore: z.boolean(),
  /** The whole collection, whatever the filter: "N words • M mastered". */
  collection: z.object({ words: z.number().int(), mastered: z.number().int() }),
});
export type WordList = z.infer<typeof wordListSchema>;

/** Imported words the AI is still completing (My Words shows "Completing N imported words…"). */
export const wordEnrichmentSchema = z.object({ pending: z.number().int().min(0) });
export type WordEnrichmentStatus = z.infer<typeof wordEnrichmentSchema>;
