import { z } from 'zod';
import { WORD_TEXT } from './messages.ts';
import { text as plainText } from './text.schema.ts';
import {
  collapseWhitespace,
  hasControlCharacters,
  isPlausibleIpa,
  stripIpaDelimiters,
  type CheckResult,
} from './word-card.ts';
import {
  CEFR_LEVELS,
  needsReading,
  WORD_CARD_LIMITS,
  WORD_INPUT_MAX_LENGTH,
  WORD_THEMES,
  type WordTheme,
} from './words.ts';

/**
 * The word card: what a learner asks for (generate-word), what the AI provider is asked to write,
 * and the checks its answer must pass before anyone sees it (spec §3 "Generated word card", §7
 * generate-word; design.md "AI").
 */

export const cefrLevelSchema = z.enum(CEFR_LEVELS);

// ---------------------------------------------------------------------------------------------
// The request

export const wordInputSchema = plainText({ error: WORD_TEXT.wordRequired })
  .min(1, WORD_TEXT.wordRequired)
  .max(WORD_INPUT_MAX_LENGTH, WORD_TEXT.wordTooLong);

/**
 * generate-word's body. The spec's client also sent both languages; here the server takes them
 * from the learner's profile, so a client cannot make the provider write for someone else's pair.
 */
export const generateWordInputSchema = z.object({ word: wordInputSchema }).strict();
export type GenerateWordInput = z.infer<typeof generateWordInputSchema>;

// ---------------------------------------------------------------------------------------------
// (a) What the provider is asked for. It stays within what strict structured outputs accept
// (OpenAI's strict mode, vLLM/llama.cpp grammars): every field required, null instead of
// optional, enums allowed, and no length or item-count keywords, which several servers reject.
// The limits are enforced afterwards, in code.

const exampleModelSchema = z.object({
  target: z.string().describe('A natural sentence in the target language that uses the word'),
  translation: z.string().describe("The sentence translated into the learner's native language"),
});

export const generatedCardModelSchema = z.object({
  word: z.string().describe('The form a learner should learn, in the target language'),
  translation: z.string().describe("The word's meaning in the learner's native language"),
  ipa: z.string().describe('Pronunciation of the word in IPA, without slashes or brackets'),
  grammarType: z.string().describe('Part of speech in English, e.g. noun, verb, adjective'),
  cefrLevel: z.enum(CEFR_LEVELS).describe('CEFR level of the word'),
  mnemonic: z.string().describe("A short memory aid in the learner's native language"),
  examples: z.array(exampleModelSchema).describe('2 or 3 example sentences'),
  synonyms: z.array(z.string()).describe('Synonyms in the target language; may be empty'),
  themes: z.array(z.enum(WORD_THEMES)).describe('1 to 3 themes from the list'),
  reading: z
    .string()
    .nullable()
    .describe('Japanese: kana; Chinese: pinyin with tone marks; Korean: romanization; else null'),
});
export type GeneratedCardModelOutput = z.infer<typeof generatedCardModelSchema>;

// ---------------------------------------------------------------------------------------------
// (b) What is accepted: the card a learner sees, after the checks below.

const text = (max: number) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), 'must not contain control characters');

export const wordExampleSchema = z.object({
  target: text(WORD_CARD_LIMITS.exampleText),
  translation: text(WORD_CARD_LIMITS.exampleText),
});
export type WordExample = z.infer<typeof wordExampleSchema>;

/** The checked card: the generate-word response (spec §7), plus a reading for ja, zh and ko. */
export const generatedCardSchema = z.object({
  word: text(WORD_CARD_LIMITS.word),
  translation: text(WORD_CARD_LIMITS.translation),
  ipa: text(WORD_CARD_LIMITS.ipa).refine(isPlausibleIpa, 'must be an IPA transcription'),
  grammarType: text(WORD_CARD_LIMITS.grammarType),
  cefrLevel: cefrLevelSchema,
  mnemonic: text(WORD_CARD_LIMITS.mnemonic),
  examples: z
    .array(wordExampleSchema)
    .min(WORD_CARD_LIMITS.examplesMin, `must have at least ${WORD_CARD_LIMITS.examplesMin} items`)
    .max(WORD_CARD_LIMITS.examplesMax),
  synonyms: z.array(text(WORD_CARD_LIMITS.synonym)).max(WORD_CARD_LIMITS.synonymsMax),
  themes: z.array(z.enum(WORD_THEMES)).max(WORD_CARD_LIMITS.themesMax),
  reading: text(WORD_CARD_LIMITS.reading).nullable(),
});
export type GeneratedCard = z.infer<typeof generatedCardSchema>;

/** What arrives from a provider that ignored (or was not sent) the schema: anything JSON. */
const looseString = z.string().catch('');
const looseCardSchema = z.object({
  word: looseString,
  translation: looseString,
  ipa: looseString,
  grammarType: looseString,
  cefrLevel: looseString,
  mnemonic: looseString,
  examples: z
    .array(z.object({ target: looseString, translation: looseString }).nullable().catch(null))
    .catch([]),
  synonyms: z.array(z.string().nullable().catch(null)).catch([]),
  themes: z.array(z.string().nullable().catch(null)).catch([]),
  reading: z.string().nullable().catch(null),
});

const themeByKey = new Map<string, WordTheme>(WORD_THEMES.map((t) => [themeKey(t), t]));
function themeKey(theme: string): string {
  return theme
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .replace(/\s+/g, '');
}

/**
 * Checks a provider's answer and returns the card a learner may see, or the reasons it is not
 * acceptable (sent back to the provider once). Normalises on the way: whitespace collapsed, IPA
 * slashes dropped, CEFR upper-cased, lists de-duplicated and cut to their caps, themes matched to
 * WORD_THEMES case-insensitively ("food and dining" → "Food & Dining") and unknown ones dropped.
 * A card may end with no theme: a model that only invents themes is not asked again for that, and
 * grouping must cope with theme-less words anyway (hand-written cards have none).
 * Examples missing their sentence or translation are dropped. Strings over their caps, empty
 * required fields (missing ones count as empty), fewer than 2 complete examples, implausible IPA,
 * control characters, and a missing reading for ja/zh/ko fail. Other targets' readings are null.
 */
export function checkGeneratedCard(
  value: unknown,
  { targetLanguage }: { targetLanguage: string },
): CheckResult<GeneratedCard> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, issues: ['the answer must be a JSON object'] };
  const loose = looseCardSchema.parse(value);

  const clean = collapseWhitespace;
  const unique = (items: string[]) => [...new Set(items)];
  const word = clean(loose.word);
  const examples = loose.examples
    .filter((e): e is { target: string; translation: string } => e !== null)
    .map((e) => ({ target: clean(e.target), translation: clean(e.translation) }))
    // An example without its sentence or its translation teaches nothing: it is dropped.
    .filter((e) => e.target !== '' && e.translation !== '');
  const synonyms = unique(
    loose.synonyms.map((s) => clean(s ?? '')).filter((s) => s !== '' && s !== word),
  );
  const themes = unique(
    loose.themes.flatMap((t) => {
      const match = themeByKey.get(themeKey(t ?? ''));
      return match ? [match] : [];
    }),
  );
  const reading = needsReading(targetLanguage) ? clean(loose.reading ?? '') : null;

  const card = {
    word,
    translation: clean(loose.translation),
    ipa: stripIpaDelimiters(loose.ipa),
    grammarType: clean(loose.grammarType),
    cefrLevel: clean(loose.cefrLevel).toUpperCase(),
    mnemonic: clean(loose.mnemonic),
    examples: examples.slice(0, WORD_CARD_LIMITS.examplesMax),
    synonyms: synonyms.slice(0, WORD_CARD_LIMITS.synonymsMax),
    themes: themes.slice(0, WORD_CARD_LIMITS.themesMax),
    reading,
  };

  const parsed = generatedCardSchema.safeParse(card);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`);
    return { ok: false, issues };
  }
  return { ok: true, value: parsed.data };
}
