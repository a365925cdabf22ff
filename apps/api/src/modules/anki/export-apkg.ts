import { zipSync } from 'fflate';
import { asTag, wordFields, type ExportCollection, type ExportWord } from './export-data.ts';
import { fieldChecksum, noteGuid } from './guid.ts';
import { sqlite } from './sqlite.ts';

const MS_PER_DAY = 86_400_000;
/** Ids of what the export defines: fixed, so a second export matches the first in Anki. */
const NOTE_TYPE_ID = 1_700_000_000_000;
const DEFAULT_DECK_ID = 1;
const FIRST_DECK_ID = 1_700_000_000_001;

export const NOTE_TYPE_NAME = 'Verba';
export const NOTE_TYPE_FIELDS = [
  'Word',
  'Translation',
  'IPA',
  'Grammar',
  'Examples',
  'Mnemonic',
  'Synonyms',
  'Level',
  'Themes',
] as const;

const CSS = `.card {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  font-size: 20px;
  line-height: 1.5;
  text-align: center;
  color: #1f2328;
  background-color: #ffffff;
  padding: 24px 16px;
}
.nightMode.card, .night_mode .card { color: #e6edf3; background-color: #0d1117; }
.word { font-size: 2em; font-weight: 600; }
.ipa { color: #6e7781; font-size: 0.9em; margin-top: 4px; }
.grammar, .level { display: inline-block; font-size: 0.7em; padding: 2px 10px; margin: 8px 4px 0;
  border-radius: 999px; background: rgba(110, 119, 129, 0.15); }
.translation { font-size: 1.4em; margin: 12px 0; }
.section { text-align: left; max-width: 36em; margin: 12px auto 0; font-size: 0.85em; }
.label { font-size: 0.75em; text-transform: uppercase; letter-spacing: 0.05em; color: #6e7781; }
hr#answer { border: none; border-top: 1px solid rgba(110, 119, 129, 0.3); margin: 20px 0; }`;

const WORD_SIDE = `<div class="word">{{Word}}</div>
{{#IPA}}<div class="ipa">{{IPA}}</div>{{/IPA}}
{{#Grammar}}<span class="grammar">{{Grammar}}</span>{{/Grammar}}{{#Level}}<span class="level">{{Level}}</span>{{/Level}}`;

const DETAILS = `{{#Examples}}<div class="section"><div class="label">Examples</div>{{Examples}}</div>{{/Examples}}
{{#Synonyms}}<div class="section"><div class="label">Synonyms</div>{{Synonyms}}</div>{{/Synonyms}}
{{#Mnemonic}}<div class="section"><div class="label">Mnemonic</div>{{Mnemonic}}</div>{{/Mnemonic}}
{{#Themes}}<div class="section"><div class="label">Themes</div>{{Themes}}</div>{{/Themes}}`;

const TEMPLATES = [
  {
    name: 'Word → Translation',
    qfmt: WORD_SIDE,
    afmt: `{{FrontSide}}\n<hr id="answer">\n<div class="translation">{{Translation}}</div>\n${DETAILS}`,
  },
  {
    name: 'Translation → Word',
    qfmt: '<div class="translation">{{Translation}}</div>',
    afmt: `{{FrontSide}}\n<hr id="answer">\n${WORD_SIDE}\n${DETAILS}`,
  },
];

function noteType(reverse: boolean, mod: number) {
  const templates = reverse ? TEMPLATES : TEMPLATES.slice(0, 1);
  return {
    id: NOTE_TYPE_ID,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod,
    usn: -1,
    sortf: 0,
    did: DEFAULT_DECK_ID,
    tmpls: templates.map((t, ord) => ({ ...t, ord, did: null, bqfmt: '', bafmt: '' })),
    flds: NOTE_TYPE_FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: 'Arial',
      size: 20,
      media: [],
    })),
    css: CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    tags: [],
    vers: [],
    // Which fields a template needs: the word card needs Word, the reverse card Translation.
    req: templates.map((_, ord) => [ord, 'any', [ord]]),
  };
}

function deck(id: number, name: string, mod: number) {
  return {
    id,
    name,
    mod,
    usn: -1,
    desc: '',
    dyn: 0,
    conf: 1,
    collapsed: false,
    browserCollapsed: false,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

const DECK_CONFIG = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { delays: [1, 10], ints: [1, 4, 0], initialFactor: 2500, order: 1, perDay: 20, bury: false },
  lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
  rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, hardFactor: 1.2, bury: false },
};

/** A text field as Anki's HTML: the text escaped, its line breaks as `<br>`. */
const toHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

/** Verba's card state before an answer → Anki's revlog type (0 learn, 1 review, 2 relearn). */
const REVLOG_TYPE = [0, 0, 1, 2] as const;

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Ids in milliseconds, as Anki makes them, never the same twice. */
function idMaker() {
  const used = new Set<number>();
  return (wanted: number) => {
    let id = Math.round(wanted);
    while (used.has(id)) id += 1;
    used.add(id);
    return id;
  };
}

export interface ApkgOptions {
  /** A second card per word: translation → word. */
  reverse?: boolean;
}

/** Where a word's card stands in Anki's terms (type, queue, due, interval). */
function cardSchedule(word: ExportWord, created: number, position: number) {
  if (word.state === 0 || word.lastReview === null) {
    return { type: 0, queue: 0, due: position, ivl: 0 };
  }
  const due = word.nextReviewDate.getTime();
  if (word.state === 2) {
    return {
      type: 2,
      queue: 2,
      due: Math.floor((due - created * 1000) / MS_PER_DAY),
      ivl: Math.max(1, Math.round(word.interval)),
    };
  }
  return { type: word.state, queue: 1, due: Math.floor(due / 1000), ivl: 0 };
}

/**
 * The learner's words as an Anki package in the layout current Anki imports: a schema-11
 * `collection.anki21` with one note type "Verba", one note (GUID stable per word) and card per
 * word (plus a reverse card when asked), each word's review history in `revlog` and its FSRS
 * memory state in the card's `data`; the first group of a word is its deck, the others its tags.
 */
export async function buildApkg(
  { words, desiredRetention, now }: ExportCollection,
  options: ApkgOptions = {},
): Promise<Uint8Array> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  try {
    const mod = Math.floor(now.getTime() / 1000);
    const earliest = words.reduce((min, w) => Math.min(min, w.createdAt.getTime()), now.getTime());
    const created = Math.floor(earliest / MS_PER_DAY) * (MS_PER_DAY / 1000);
    db.exec(SCHEMA_11);

    const deckIds = new Map<string, number>();
    for (const word of words) {
      const first = word.groups[0];
      if (first !== undefined && !deckIds.has(first))
        deckIds.set(first, FIRST_DECK_ID + deckIds.size);
    }
    const decks: Record<string, unknown> = {
      [DEFAULT_DECK_ID]: deck(DEFAULT_DECK_ID, 'Default', mod),
    };
    for (const [name, id] of deckIds) decks[id] = deck(id, name, mod);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      created,
      now.getTime(),
      now.getTime(),
      JSON.stringify({
        activeDecks: [DEFAULT_DECK_ID],
        curDeck: DEFAULT_DECK_ID,
        curModel: String(NOTE_TYPE_ID),
        nextPos: words.length + 1,
        schedVer: 2,
        sortType: 'noteFld',
        sortBackwards: false,
        addToCur: true,
        newSpread: 0,
        dueCounts: true,
        collapseTime: 1200,
        estTimes: true,
        timeLim: 0,
      }),
      JSON.stringify({ [NOTE_TYPE_ID]: noteType(options.reverse === true, mod) }),
      JSON.stringify(decks),
      JSON.stringify({ 1: DECK_CONFIG }),
      '{}',
    ]);

    const noteId = idMaker();
    const cardId = idMaker();
    const revlogId = idMaker();
    const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
    const insertCard = db.prepare(
      'INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?)',
    );
    const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    db.exec('BEGIN');
    words.forEach((word, index) => {
      const fields = wordFields(word);
      const nid = noteId(word.createdAt.getTime());
      const tags = word.groups
        .slice(1)
        .map(asTag)
        .filter((tag) => tag.length > 0);
      insertNote.run([
        nid,
        noteGuid(word.id),
        NOTE_TYPE_ID,
        Math.floor(word.updatedAt.getTime() / 1000),
        tags.length > 0 ? ` ${tags.join(' ')} ` : '',
        fields.map(toHtml).join('\x1f'),
        fields[0]!,
        fieldChecksum(fields[0]!),
      ]);
      const did = deckIds.get(word.groups[0] ?? '') ?? DEFAULT_DECK_ID;
      const schedule = cardSchedule(word, created, index + 1);
      const memory =
        word.state !== 0 && word.stability > 0
          ? JSON.stringify({
              s: round(word.stability, 4),
              d: round(word.difficulty, 3),
              dr: desiredRetention,
            })
          : '';
      const cid = cardId(word.createdAt.getTime());
      insertCard.run([
        cid,
        nid,
        did,
        0,
        mod,
        schedule.type,
        schedule.queue,
        schedule.due,
        schedule.ivl,
        Math.round(word.easeFactor * 1000),
        word.totalReviews,
        word.lapses,
        memory,
      ]);
      if (options.reverse) {
        insertCard.run([
          cardId(word.createdAt.getTime()),
          nid,
          did,
          1,
          mod,
          0,
          0,
          index + 1,
          0,
          2500,
          0,
          0,
          '',
        ]);
      }
      word.reviews.forEach((review, i) => {
        // The interval an answer set is the one scheduled before the next answer (or the current one).
        const next = word.reviews[i + 1];
        const ivl = Math.max(0, Math.round(next ? next.scheduledDays : word.interval));
        insertReview.run([
          revlogId(review.reviewedAt.getTime()),
          cid,
          review.rating,
          ivl,
          Math.max(0, Math.round(review.scheduledDays)),
          Math.round(word.easeFactor * 1000),
          Math.min(review.durationMs, 60_000),
          REVLOG_TYPE[review.state as 0 | 1 | 2 | 3] ?? 1,
        ]);
      });
    });
    db.exec('COMMIT');
    insertNote.free();
    insertCard.free();
    insertReview.free();
    const collection = db.export();
    return zipSync(
      { 'collection.anki21': collection, media: new TextEncoder().encode('{}') },
      { level: 6 },
    );
  } finally {
    db.close();
  }
}

/** Anki's schema 11 (rslib/src/storage/schema11.sql), without the starting `col` row. */
const SCHEMA_11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
  scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
  ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
  sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
  ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
  queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL,
  odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
  ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL,
  time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);
`;
