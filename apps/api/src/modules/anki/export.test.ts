import { newCard, scheduleReview, type SrsCard } from '@verba/srs';
import { TEXT_EXPORT_COLUMNS } from '@verba/shared';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildApkg, NOTE_TYPE_FIELDS, NOTE_TYPE_NAME } from './export-apkg.ts';
import type { ExportReview, ExportWord } from './export-data.ts';
import { exportText } from './export-text.ts';
import { noteGuid } from './guid.ts';
import { readAnkiPackage } from './package.ts';
import { ankiRows } from './rows.ts';
import { sqlite } from './sqlite.ts';

const DAY = 86_400_000;

/** A word answered with `grades` on the given days after `start`, as practice would schedule it. */
function practised(
  id: string,
  word: string,
  translation: string,
  grades: (1 | 2 | 3 | 4)[],
  start: number,
): ExportWord {
  let card: SrsCard = newCard(new Date(start));
  const reviews: ExportReview[] = [];
  let at = start;
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (const grade of grades) {
    // Answer when due, plus a few hours and some milliseconds.
    at = Math.max(at + 3_600_000, card.next_review_date.getTime()) + 12_345;
    const { card: next } = scheduleReview({
      card,
      correct: grade > 1,
      grade,
      now: new Date(at),
      random,
    });
    reviews.push({
      reviewedAt: new Date(at),
      rating: grade,
      durationMs: 4200,
      state: card.state,
      scheduledDays: card.interval,
    });
    card = next;
  }
  return {
    id,
    word,
    translation,
    ipa: '/ola/',
    grammarType: 'interjection',
    examples: [{ target: '¡Hola, María!', translation: 'Hello, María!' }],
    mnemonic: 'Sounds like "Oh, la!" <3',
    synonyms: ['buenas', 'saludos'],
    cefrLevel: 'A1',
    themes: ['daily-life'],
    createdAt: new Date(start - DAY),
    updatedAt: new Date(start - DAY),
    interval: card.interval,
    nextReviewDate: card.next_review_date,
    totalReviews: card.total_reviews,
    easeFactor: card.ease_factor,
    stability: card.stability,
    difficulty: card.difficulty,
    state: card.state,
    lapses: card.lapses,
    lastReview: card.last_review,
    groups: [],
    reviews,
  };
}

const START = Date.UTC(2025, 0, 10, 8);
const words = [
  {
    ...practised(
      '1a0c9f52-3f3e-4a8e-9a55-2d7d7b1f7c11',
      'hola',
      'hello',
      [3, 3, 1, 3, 4, 2, 3],
      START,
    ),
    groups: ['Spanish basics', 'Greetings'],
  },
  practised(
    '2b0c9f52-3f3e-4a8e-9a55-2d7d7b1f7c12',
    'gato',
    'cat\nfeline',
    [1, 1, 3],
    START + 3600_000,
  ),
  {
    ...practised('3c0c9f52-3f3e-4a8e-9a55-2d7d7b1f7c13', 'perro', 'dog', [], START + 7_200_000),
    groups: ['Spanish basics'],
  },
];
const collection = { words, desiredRetention: 0.9, now: new Date(START + 400 * DAY) };

describe('buildApkg, read back', () => {
  it('gives back the same words, translations and review logs, and a next review within a day', async () => {
    const pkg = await readAnkiPackage(await buildApkg(collection));
    expect(pkg.layout).toBe('anki21');
    expect(pkg.noteTypes).toEqual([
      { id: expect.any(Number), name: NOTE_TYPE_NAME, fields: [...NOTE_TYPE_FIELDS] },
    ]);
    const { rows, unreadableHistory } = ankiRows(pkg);
    expect(unreadableHistory).toBe(0);
    expect(rows.map((r) => [r.word, r.translation, r.guid])).toEqual(
      words.map((w) => [w.word, w.translation, noteGuid(w.id)]),
    );
    words.forEach((word, i) => {
      const row = rows[i]!;
      if (word.reviews.length === 0) {
        expect(row.reviews).toBeUndefined();
        return;
      }
      expect(row.reviews!.map((r) => r.grade)).toEqual(word.reviews.map((r) => r.rating));
      expect(row.reviews!.map((r) => Math.floor(r.reviewedAt.getTime() / 1000))).toEqual(
        word.reviews.map((r) => Math.floor(r.reviewedAt.getTime() / 1000)),
      );
      expect(row.reviews!.map((r) => r.durationMs)).toEqual(word.reviews.map(() => 4200));
      const drift = Math.abs(
        row.schedule!.next_review_date.getTime() - word.nextReviewDate.getTime(),
      );
      expect(drift).toBeLessThan(DAY);
      expect(row.schedule!.stability).toBeCloseTo(word.stability, 3);
      expect(row.schedule!.difficulty).toBeCloseTo(word.difficulty, 2);
      expect(row.schedule!.lapses).toBe(word.lapses);
    });
    expect(rows[0]!.group).toBe('Spanish basics');
    expect(rows[0]!.tags).toEqual(['Greetings']);
    expect(rows[1]!.group).toBe('Default');
  });

  it('writes every field of the card as text, the FSRS state in the card data and one card per word', async () => {
    const bytes = await buildApkg(collection);
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual(['collection.anki21', 'media']);
    const pkg = await readAnkiPackage(bytes);
    expect(pkg.notes[0]!.fields).toEqual([
      'hola',
      'hello',
      '/ola/',
      'interjection',
      '¡Hola, María! — Hello, María!',
      'Sounds like "Oh, la!" <3',
      'buenas, saludos',
      'A1',
      'daily-life',
    ]);
    expect(pkg.notes.map((n) => n.cards.length)).toEqual([1, 1, 1]);
    expect(pkg.notes[0]!.cards[0]!.memory).toEqual({
      stability: expect.closeTo(words[0]!.stability, 3),
      difficulty: expect.closeTo(words[0]!.difficulty, 2),
      desiredRetention: 0.9,
    });
    expect(pkg.notes[2]!.cards[0]!.memory).toBeNull();
    const SQL = await sqlite();
    const db = new SQL.Database(entries['collection.anki21']);
    expect(db.exec('SELECT ver FROM col')[0]!.values).toEqual([[11]]);
    // The escaped HTML Anki shows: nothing from the card is markup.
    expect(db.exec("SELECT flds FROM notes WHERE sfld = 'hola'")[0]!.values[0]![0]).toContain(
      '&lt;3',
    );
    db.close();
  });

  it('adds a reverse card when asked', async () => {
    const pkg = await readAnkiPackage(await buildApkg(collection, { reverse: true }));
    expect(pkg.notes.map((n) => n.cards.map((c) => c.ordinal))).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    // The history stays with the word's own card.
    expect(pkg.notes[0]!.cards[0]!.reviews).toHaveLength(7);
    expect(pkg.notes[0]!.cards[1]!.reviews).toHaveLength(0);
  });

  it('keeps a word’s GUID from one export to the next', async () => {
    const first = await readAnkiPackage(await buildApkg(collection));
    const edited = { ...collection, words: [{ ...words[0]!, word: 'holá' }, ...words.slice(1)] };
    const second = await readAnkiPackage(await buildApkg(edited));
    expect(second.notes.map((n) => n.guid)).toEqual(first.notes.map((n) => n.guid));
  });

  it('makes a package Anki can read from an empty collection', async () => {
    const entries = unzipSync(await buildApkg({ ...collection, words: [] }));
    expect(entries['collection.anki21']!.length).toBeGreaterThan(0);
  });
});

describe('exportText', () => {
  it('writes Anki’s header lines and one quoted line per word (CSV)', () => {
    const lines = exportText(words, 'csv').split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      '#separator:comma',
      '#html:false',
      '#deck column:10',
      '#tags column:11',
      '#guid column:12',
      `#columns:${TEXT_EXPORT_COLUMNS.join(',')}`,
    ]);
    expect(lines[6]).toMatch(
      /^hola,hello,\/ola\/,interjection,"¡Hola, María! — Hello, María!","Sounds like ""Oh, la!"" <3","buenas, saludos",A1,daily-life,Spanish basics,Greetings,/,
    );
    // A line break inside a field is quoted, so the word is still one record.
    expect(exportText(words, 'csv')).toContain('gato,"cat\nfeline"');
  });

  it('separates with tabs for TSV', () => {
    const lines = exportText(words, 'tsv').split('\r\n');
    expect(lines[0]).toBe('#separator:tab');
    expect(lines[5]).toBe(`#columns:${TEXT_EXPORT_COLUMNS.join('\t')}`);
    expect(lines[6]!.split('\t').slice(0, 2)).toEqual(['hola', 'hello']);
  });
});
