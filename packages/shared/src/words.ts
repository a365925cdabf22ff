/**
 * Word constants and rules without the schema library, so the word screens can use them without
 * loading it (the card checks are in word-card.ts, the request and response schemas in words.ts).
 */
import type { LanguageCode } from './languages.ts';

/** Themes a card can carry; the groups screen groups words by them (spec §2 "Groups"). */
export const WORD_THEMES = [
  'Food & Dining',
  'Travel',
  'Home & Family',
  'Work & Business',
  'Education',
  'Health & Body',
  'Nature & Weather',
  'Animals',
  'Shopping & Money',
  'Clothing',
  'Sports & Leisure',
  'Arts & Culture',
  'Technology',
  'Transport',
  'City & Places',
  'Time & Numbers',
  'Feelings',
  'People & Relationships',
  'Communication',
  'Society & Politics',
  'Science',
  'Everyday Life',
] as const;
export type WordTheme = (typeof WORD_THEMES)[number];

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];

/** Target languages whose cards also carry a reading: kana, pinyin, romanization. */
export const READING_LANGUAGES = ['ja', 'zh', 'ko'] as const satisfies readonly LanguageCode[];

export function needsReading(targetLanguage: string): boolean {
  return (READING_LANGUAGES as readonly string[]).includes(targetLanguage);
}

/** Longest word or phrase a learner may type (generate-word, hand-written cards). */
export const WORD_INPUT_MAX_LENGTH = 100;

/**
 * Caps on a card's fields. A string over its cap fails the check (the provider is asked again);
 * a list over its cap is cut to it (spec §9: only the first 2 examples are shown anyway).
 */
export const WORD_CARD_LIMITS = {
  word: WORD_INPUT_MAX_LENGTH,
  translation: 200,
  ipa: 150,
  /** Free text ("noun", "verb, irregular", "noun, feminine"): parts of speech differ by language. */
  grammarType: 50,
  mnemonic: 500,
  exampleText: 300,
  examplesMin: 2,
  examplesMax: 5,
  synonym: 100,
  synonymsMax: 8,
  themesMax: 3,
  reading: 300,
} as const;

/** Word list page size (spec §9); the feed prefetches a smaller first page. */
export const WORD_PAGE_SIZE = 50;
export const WORD_PREFETCH_SIZE = 20;
export const WORD_LIST_MAX_LIMIT = 100;
/** Longest search text: a word or a translation, with room to spare. */
export const WORD_SEARCH_MAX_LENGTH = 200;

export const WORD_FILTERS = ['all', 'learning', 'mastered', 'favorites'] as const;
export type WordFilter = (typeof WORD_FILTERS)[number];
/** Internal values of the spec's sort: Recent, A-Z, Next Review. */
export const WORD_SORTS = ['recent', 'alphabetical', 'review'] as const;
export type WordSort = (typeof WORD_SORTS)[number];
