import { ANKI_PACKAGE_MAX_BYTES, ANKI_UNPACKED_MAX_BYTES } from '@verba/shared';
import type { Database as SqliteDatabase, SqlJsStatic, SqlValue } from 'sql.js';
import { AnkiPackageError } from './errors.ts';
import { htmlToText } from './html-to-text.ts';
import { PACKAGE_VERSION, readMediaNames, readPackageVersion } from './package-meta.ts';
import { sqlite } from './sqlite.ts';
import { unzipEntries, unzstd } from './unpack.ts';

/** Which of Anki's package layouts a package used. */
export type AnkiLayout = 'anki2' | 'anki21' | 'anki21b';

export interface AnkiNoteType {
  id: number;
  name: string;
  fields: string[];
}

/** One answer in a card's review log, as Anki's `revlog` table keeps it. */
export interface AnkiReview {
  /** When it was answered (the row's id: milliseconds since the epoch). */
  reviewedAt: Date;
  /** The button: 1 Again, 2 Hard, 3 Good, 4 Easy; 0 for a manual change of schedule. */
  ease: number;
  /** The interval after the answer: days when positive, seconds when negative. */
  interval: number;
  lastInterval: number;
  /** Milliseconds the answer took. */
  durationMs: number;
  /** 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled. */
  type: number;
}

export interface AnkiCard {
  id: number;
  /** The card's template (0 the first). */
  ordinal: number;
  deck: string;
  /** 0 new, 1 learning, 2 review, 3 relearning. */
  type: number;
  /** When Anki will show it next, if it is scheduled by date (learning, review, relearning). */
  due: Date | null;
  /** The FSRS memory state Anki keeps in the card's `data`, when it does. */
  memory: { stability: number; difficulty: number; desiredRetention: number | null } | null;
  reviews: AnkiReview[];
}

export interface AnkiNote {
  id: number;
  guid: string;
  noteTypeId: number;
  /** The fields in the note type's order, as plain text. */
  fields: string[];
  tags: string[];
  cards: AnkiCard[];
}

export interface AnkiPackage {
  layout: AnkiLayout;
  noteTypes: AnkiNoteType[];
  decks: string[];
  tags: string[];
  notes: AnkiNote[];
  /** Sounds and images left out of the text, and the media files the package carries. */
  media: { sounds: number; images: number; files: number };
}

export interface ReadLimits {
  maxPackageBytes: number;
  maxUnpackedBytes: number;
}

const DEFAULT_LIMITS: ReadLimits = {
  maxPackageBytes: ANKI_PACKAGE_MAX_BYTES,
  maxUnpackedBytes: ANKI_UNPACKED_MAX_BYTES,
};

const COLLECTION_ENTRIES = {
  anki21b: 'collection.anki21b',
  anki21: 'collection.anki21',
  anki2: 'collection.anki2',
} as const;

const MS_PER_DAY = 86_400_000;

function rows<T>(db: SqliteDatabase, sql: string, map: (row: SqlValue[]) => T): T[] {
  const statement = db.prepare(sql);
  const out: T[] = [];
  try {
    while (statement.step()) out.push(map(statement.get()));
  } finally {
    statement.free();
  }
  return out;
}

const num = (value: SqlValue | undefined) =>
  typeof value === 'number' ? value : Number(value ?? 0);
const str = (value: SqlValue | undefined) =>
  typeof value === 'string' ? value : String(value ?? '');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AnkiPackageError('not-a-collection');
  }
}

/** Note types and decks: in `col`'s JSON (schema 11) or in tables of their own (schema 15 and later). */
function readStructure(db: SqliteDatabase, tables: Set<string>) {
  const noteTypes: AnkiNoteType[] = [];
  const decks = new Map<number, string>();
  if (tables.has('notetypes') && tables.has('fields') && tables.has('decks')) {
    // No ORDER BY here: these tables' indexes use Anki's own collation, which SQLite lacks.
    const fieldRows = rows(db, 'SELECT ntid, ord, name FROM fields', (r) => ({
      ntid: num(r[0]),
      ord: num(r[1]),
      name: str(r[2]),
    })).sort((a, b) => a.ntid - b.ntid || a.ord - b.ord);
    const fields = new Map<number, string[]>();
    for (const { ntid, name } of fieldRows) fields.set(ntid, [...(fields.get(ntid) ?? []), name]);
    for (const [id, name] of rows(
      db,
      'SELECT id, name FROM notetypes',
      (r) => [num(r[0]), str(r[1])] as const,
    )) {
      noteTypes.push({ id, name, fields: fields.get(id) ?? [] });
    }
    // Deck names keep their levels apart with \x1f here; Anki shows them joined by "::".
    for (const [id, name] of rows(
      db,
      'SELECT id, name FROM decks',
      (r) => [num(r[0]), str(r[1])] as const,
    )) {
      decks.set(id, name.split('\x1f').join('::'));
    }
  } else {
    const [col] = rows(
      db,
      'SELECT models, decks FROM col LIMIT 1',
      (r) => [str(r[0]), str(r[1])] as const,
    );
    if (!col) throw new AnkiPackageError('not-a-collection');
    const models = parseJson(col[0]) as Record<
      string,
      { name?: unknown; flds?: { name?: unknown; ord?: unknown }[] }
    >;
    for (const [id, model] of Object.entries(models ?? {})) {
      const flds = Array.isArray(model?.flds) ? [...model.flds] : [];
      flds.sort((a, b) => Number(a.ord ?? 0) - Number(b.ord ?? 0));
      noteTypes.push({
        id: Number(id),
        name: String(model?.name ?? ''),
        fields: flds.map((f) => String(f.name ?? '')),
      });
    }
    const deckJson = parseJson(col[1]) as Record<string, { name?: unknown }>;
    for (const [id, deck] of Object.entries(deckJson ?? {}))
      decks.set(Number(id), String(deck?.name ?? ''));
  }
  return { noteTypes, decks };
}

function parseCardData(text: string): AnkiCard['memory'] {
  if (!text) return null;
  try {
    const data = JSON.parse(text) as { s?: unknown; d?: unknown; dr?: unknown };
    if (typeof data.s !== 'number' || typeof data.d !== 'number') return null;
    if (!(data.s > 0) || !(data.d >= 1 && data.d <= 10)) return null;
    return {
      stability: data.s,
      difficulty: data.d,
      desiredRetention: typeof data.dr === 'number' ? data.dr : null,
    };
  } catch {
    return null;
  }
}

/**
 * When a card comes due, from Anki's numbers: review cards (and relearning ones waiting a day or
 * more) count days from the collection's creation, learning cards hold a time in seconds. A card
 * in a filtered deck keeps its own due in `odue`.
 */
function dueDate(
  created: number,
  type: number,
  queue: number,
  due: number,
  odue: number,
  odid: number,
): Date | null {
  const value = odid !== 0 && odue !== 0 ? odue : due;
  if (type === 0) return null;
  if ((type === 1 || type === 3) && (queue === 1 || value > 1_000_000_000))
    return new Date(value * 1000);
  return new Date(created * 1000 + value * MS_PER_DAY);
}

function readCollection(db: SqliteDatabase, layout: AnkiLayout, mediaFiles: number): AnkiPackage {
  const tables = new Set(
    rows(db, "SELECT name FROM sqlite_master WHERE type = 'table'", (r) => str(r[0])),
  );
  for (const table of ['col', 'notes', 'cards', 'revlog']) {
    if (!tables.has(table)) throw new AnkiPackageError('not-a-collection');
  }
  const [created] = rows(db, 'SELECT crt FROM col LIMIT 1', (r) => num(r[0]));
  if (created === undefined) throw new AnkiPackageError('not-a-collection');
  const { noteTypes, decks } = readStructure(db, tables);

  const reviews = new Map<number, AnkiReview[]>();
  for (const [cid, review] of rows(
    db,
    'SELECT id, cid, ease, ivl, lastIvl, time, type FROM revlog ORDER BY cid, id',
    (r) =>
      [
        num(r[1]),
        {
          reviewedAt: new Date(num(r[0])),
          ease: num(r[2]),
          interval: num(r[3]),
          lastInterval: num(r[4]),
          durationMs: num(r[5]),
          type: num(r[6]),
        },
      ] as const,
  )) {
    const list = reviews.get(cid);
    if (list) list.push(review);
    else reviews.set(cid, [review]);
  }

  const cards = new Map<number, AnkiCard[]>();
  for (const [nid, card] of rows(
    db,
    'SELECT id, nid, did, ord, type, queue, due, odue, odid, data FROM cards ORDER BY nid, ord',
    (r) => {
      const id = num(r[0]);
      const type = num(r[4]);
      return [
        num(r[1]),
        {
          id,
          ordinal: num(r[3]),
          deck: decks.get(num(r[2])) ?? '',
          type,
          due: dueDate(created, type, num(r[5]), num(r[6]), num(r[7]), num(r[8])),
          memory: parseCardData(str(r[9])),
          reviews: reviews.get(id) ?? [],
        } satisfies AnkiCard,
      ] as const;
    },
  )) {
    const list = cards.get(nid);
    if (list) list.push(card);
    else cards.set(nid, [card]);
  }

  const media = { sounds: 0, images: 0, files: mediaFiles };
  const allTags = new Set<string>();
  const notes = rows(
    db,
    'SELECT id, guid, mid, tags, flds FROM notes ORDER BY id',
    (r): AnkiNote => {
      const id = num(r[0]);
      const fields = str(r[4])
        .split('\x1f')
        .map((field) => {
          const text = htmlToText(field);
          media.sounds += text.sounds;
          media.images += text.images;
          return text.text;
        });
      const tags = str(r[3])
        .split(/\s+/)
        .filter((tag) => tag.length > 0);
      for (const tag of tags) allTags.add(tag);
      return {
        id,
        guid: str(r[1]),
        noteTypeId: num(r[2]),
        fields,
        tags,
        cards: cards.get(id) ?? [],
      };
    },
  );
  if (notes.length === 0) throw new AnkiPackageError('no-notes');
  const usedDecks = new Set(notes.flatMap((note) => note.cards.map((card) => card.deck)));
  return {
    layout,
    noteTypes,
    decks: [...decks.values()].filter((deck) => usedDecks.has(deck)),
    tags: [...allTags],
    notes,
    media,
  };
}

/**
 * Newer collections declare some columns with Anki's own `unicase` collation, which SQLite does
 * not have (tables without rowid cannot then be read at all). The copy read here declares them
 * `nocase` instead; nothing is written back.
 */
function withoutAnkiCollation(db: SqliteDatabase, SQL: SqlJsStatic): SqliteDatabase {
  const [found] = rows(
    db,
    "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%collate unicase%'",
    (r) => num(r[0]),
  );
  if (!found) return db;
  db.exec(`PRAGMA writable_schema = ON;
    UPDATE sqlite_master SET sql = replace(sql, 'collate unicase', 'collate nocase')
      WHERE sql LIKE '%collate unicase%';
    PRAGMA writable_schema = OFF;`);
  const bytes = db.export();
  db.close();
  return new SQL.Database(bytes);
}

function countLegacyMedia(bytes: Uint8Array | undefined): number {
  if (!bytes || bytes.length === 0) return 0;
  try {
    const map = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return map && typeof map === 'object' ? Object.keys(map).length : 0;
  } catch {
    return 0;
  }
}

/**
 * Reads an Anki package (`.apkg` or `.colpkg`) in any of the three layouts Anki writes:
 * `collection.anki2` and `collection.anki21` (SQLite, schema 11) and `collection.anki21b`
 * (zstd-compressed, newer schema, with the protobuf `meta` and media list). Pure over the bytes,
 * with bounded work: at most `maxPackageBytes` in, at most `maxUnpackedBytes` unpacked. Fields
 * come out as plain text; media is left out and counted.
 */
export async function readAnkiPackage(
  bytes: Uint8Array,
  limits: ReadLimits = DEFAULT_LIMITS,
): Promise<AnkiPackage> {
  if (bytes.length > limits.maxPackageBytes) throw new AnkiPackageError('too-large');
  const entries = unzipEntries(
    bytes,
    [...Object.values(COLLECTION_ENTRIES), 'meta', 'media'],
    limits.maxUnpackedBytes,
  );
  const meta = entries.get('meta');
  const version = meta ? readPackageVersion(meta) : 0;
  let layout: AnkiLayout;
  let collection: Uint8Array;
  let mediaFiles: number;
  const latest = entries.get(COLLECTION_ENTRIES.anki21b);
  if (latest && (version === PACKAGE_VERSION.latest || version === 0)) {
    layout = 'anki21b';
    collection = unzstd(latest, limits.maxUnpackedBytes);
    const media = entries.get('media');
    mediaFiles =
      media && media.length > 0 ? readMediaNames(unzstd(media, limits.maxUnpackedBytes)).length : 0;
  } else {
    const legacy = entries.get(COLLECTION_ENTRIES.anki21) ?? entries.get(COLLECTION_ENTRIES.anki2);
    if (!legacy) throw new AnkiPackageError('not-a-package');
    layout = entries.has(COLLECTION_ENTRIES.anki21) ? 'anki21' : 'anki2';
    collection = legacy;
    mediaFiles = countLegacyMedia(entries.get('media'));
  }
  const SQL = await sqlite();
  let db: SqliteDatabase;
  try {
    db = withoutAnkiCollation(new SQL.Database(collection), SQL);
  } catch {
    throw new AnkiPackageError('not-a-collection');
  }
  try {
    return readCollection(db, layout, mediaFiles);
  } catch (error) {
    if (error instanceof AnkiPackageError) throw error;
    // SQLite's own complaints ("file is not a database", a missing column): not a collection.
    throw new AnkiPackageError('not-a-collection');
  } finally {
    db.close();
  }
}
