import type { ReviewLogEntry, SchedulerParams, SrsCard } from '@verba/srs';
import type { AnkiCard, AnkiNote, AnkiPackage } from './package.ts';
import {
  continueFromAnki,
  replayHistory,
  reviewsFromRevlog,
  type ImportedReview,
} from './replay.ts';

/**
 * Which fields of a note type become which part of a word, by the field's position. The word and
 * the translation are the first and second field unless the learner picks others.
 */
export interface FieldMapping {
  word: number;
  translation?: number | null;
  examples?: number | null;
  ipa?: number | null;
  notes?: number | null;
}

/** One word to import, in the shape every import source produces. */
export interface AnkiImportRow {
  word: string;
  translation?: string;
  ipa?: string;
  examples?: string;
  notes?: string;
  /** The deck's name, as the name of a group. */
  group?: string;
  tags?: string[];
  reviews?: ImportedReview[];
  /** The schedule the history leads to, for a row with reviews. */
  schedule?: SrsCard;
  /** The review-log entry of each answer, as the replay made them. */
  log?: ReviewLogEntry[];
  /** Anki's id for the note, kept so the same note imported twice is recognised. */
  guid: string;
}

export interface AnkiImport {
  rows: AnkiImportRow[];
  /** Words whose history could not be read: they start as new. */
  unreadableHistory: number;
  sounds: number;
  images: number;
}

/** The first field as the word and the second as the translation, for every note type. */
export function defaultMapping(pkg: AnkiPackage): Record<number, FieldMapping> {
  return Object.fromEntries(
    pkg.noteTypes.map((type) => [
      type.id,
      { word: 0, translation: type.fields.length > 1 ? 1 : null },
    ]),
  );
}

/** The card whose history stands for the note: the one answered most, the first on a tie. */
function leadingCard(note: AnkiNote): AnkiCard | undefined {
  let best: AnkiCard | undefined;
  for (const card of note.cards) {
    if (!best || card.reviews.length > best.reviews.length) best = card;
  }
  return best;
}

const field = (note: AnkiNote, index: number | null | undefined) => {
  if (index === null || index === undefined) return undefined;
  const value = note.fields[index];
  return value === undefined || value === '' ? undefined : value;
};

/**
 * The words a read package gives under a field mapping (missing note types use the first and
 * second field), each with its deck as its group, its tags, its review history and the schedule
 * replayed from it. A word whose history cannot be read comes without one, counted. Without
 * `replay` (a preview, which shows neither) the histories are checked and counted, not replayed.
 */
export function ankiRows(
  pkg: AnkiPackage,
  mapping: Record<number, FieldMapping> = {},
  params?: SchedulerParams,
  { replay = true }: { replay?: boolean } = {},
): AnkiImport {
  const defaults = defaultMapping(pkg);
  let unreadableHistory = 0;
  const rows = pkg.notes.map((note): AnkiImportRow => {
    const map = mapping[note.noteTypeId] ??
      defaults[note.noteTypeId] ?? { word: 0, translation: 1 };
    const card = leadingCard(note);
    const row: AnkiImportRow = { word: field(note, map.word) ?? '', guid: note.guid };
    const translation = field(note, map.translation);
    if (translation !== undefined) row.translation = translation;
    const ipa = field(note, map.ipa);
    if (ipa !== undefined) row.ipa = ipa;
    const examples = field(note, map.examples);
    if (examples !== undefined) row.examples = examples;
    const notes = field(note, map.notes);
    if (notes !== undefined) row.notes = notes;
    if (card?.deck) row.group = card.deck;
    if (note.tags.length > 0) row.tags = note.tags;
    if (card && card.reviews.length > 0) {
      const reviews = reviewsFromRevlog(card.reviews);
      const replayed = reviews && replay ? replayHistory(reviews, params) : null;
      if (!reviews) unreadableHistory += 1;
      else if (replayed) {
        row.reviews = reviews;
        row.schedule = continueFromAnki(replayed.card, card);
        row.log = replayed.log;
      }
    }
    return row;
  });
  return { rows, unreadableHistory, sounds: pkg.media.sounds, images: pkg.media.images };
}
