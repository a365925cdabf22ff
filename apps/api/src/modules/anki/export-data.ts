import type { WordExample } from '@verba/shared';

/** One review of a word, as the export writes it. */
export interface ExportReview {
  reviewedAt: Date;
  /** 1 Again … 4 Easy. */
  rating: number;
  durationMs: number;
  /** Memory state before the answer: 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  /** The interval that was scheduled before the answer, in days. */
  scheduledDays: number;
}

/** One word with its card, its schedule, its groups and its history. */
export interface ExportWord {
  id: string;
  word: string;
  translation: string;
  ipa: string | null;
  grammarType: string | null;
  examples: WordExample[];
  mnemonic: string | null;
  synonyms: string[];
  cefrLevel: string | null;
  themes: string[];
  createdAt: Date;
  updatedAt: Date;
  interval: number;
  nextReviewDate: Date;
  totalReviews: number;
  easeFactor: number;
  stability: number;
  difficulty: number;
  state: number;
  lapses: number;
  lastReview: Date | null;
  /** The word's groups, the first one first. */
  groups: string[];
  /** Oldest first. */
  reviews: ExportReview[];
}

export interface ExportCollection {
  words: ExportWord[];
  desiredRetention: number;
  now: Date;
}

/** The card's text fields in the order of the "Verba" note type and of the CSV columns. */
export function wordFields(word: ExportWord): string[] {
  return [
    word.word,
    word.translation,
    word.ipa ?? '',
    word.grammarType ?? '',
    word.examples
      .map((e) => (e.translation ? `${e.target} — ${e.translation}` : e.target))
      .join('\n'),
    word.mnemonic ?? '',
    word.synonyms.join(', '),
    word.cefrLevel ?? '',
    word.themes.join(', '),
  ];
}

/** Anki tags hold no spaces: a group named "Food and drink" becomes the tag Food_and_drink. */
export const asTag = (name: string) => name.trim().replace(/\s+/g, '_');
