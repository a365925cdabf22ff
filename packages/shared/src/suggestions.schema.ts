import { z } from 'zod';
import { wordSchema } from './words.schema.ts';
import { wordInputSchema } from './word-card.schema.ts';

export const wordSuggestionSchema = z.object({
  word: z.string(),
  translation: z.string(),
  reason: z.string(),
});

export const suggestionListSchema = z.object({ suggestions: z.array(wordSuggestionSchema) });
export type SuggestionList = z.infer<typeof suggestionListSchema>;

export const addSuggestionInputSchema = z.object({ word: wordInputSchema }).strict();
export type AddSuggestionInput = z.infer<typeof addSuggestionInputSchema>;

export const addSuggestionResultSchema = z.object({
  word: wordSchema,
  suggestions: z.array(wordSuggestionSchema),
});
export type AddSuggestionResult = z.infer<typeof addSuggestionResultSchema>;
