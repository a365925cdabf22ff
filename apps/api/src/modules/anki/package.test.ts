import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AnkiPackageError, type AnkiPackageProblem } from './errors.ts';
import { readAnkiPackage } from './package.ts';
import { ankiRows } from './rows.ts';
import { sqlite } from './sqlite.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

async function refusal(bytes: Uint8Array, limits?: Parameters<typeof readAnkiPackage>[1]) {
  try {
    await readAnkiPackage(bytes, limits);
  } catch (error) {
    if (error instanceof AnkiPackageError) return error.problem;
    throw error;
  }
  throw new Error('the package was read');
}

/** The fixture's collection in another layout: the same SQLite file under another entry name. */
function relabel(name: string, entry: string): Uint8Array {
  const files = unzipSync(fixture(name));
  return zipSync({ [entry]: files['collection.anki2']!, media: strToU8('{}') });
}

describe('readAnkiPackage on packages made by Anki', () => {
  it('reads collection.anki2: note types, notes as text, decks, tags and review history', async () => {
    const pkg = await readAnkiPackage(fixture('templates.apkg'));
    expect(pkg.layout).toBe('anki2');
    expect(pkg.notes).toHaveLength(48);
    expect(pkg.notes.flatMap((n) => n.cards)).toHaveLength(146);
    expect(pkg.notes.flatMap((n) => n.cards.flatMap((c) => c.reviews))).toHaveLength(102);
    const muscle = pkg.noteTypes.find((t) => t.name === 'Muscle');
    expect(muscle?.fields).toEqual([
      'Name',
      'Origin',
      'Insertion',
      'Action',
      'Innervation',
      'OIpic',
      'Picture',
    ]);
    const deltoid = pkg.notes.find((n) => n.fields[0] === 'Deltoid')!;
    expect(deltoid.fields[1]).toBe('Scapula (spine, acromion)\nClavicle (lateral 1/3)');
    expect(deltoid.tags).toEqual(['Muscle', 'UpperEx', 'arm']);
    expect(deltoid.cards[0]!.deck).toBe('1-TEMPLATES::Anatomy');
    const latissimus = pkg.notes.find((n) => n.fields[0] === 'Latissimus dorsi')!;
    expect(latissimus.fields[1]).toContain('T6-T12, all L&S spinous');
    expect(pkg.media.images).toBeGreaterThan(0);
    expect(pkg.decks).toContain('1-TEMPLATES::Anatomy');
  });

  it('turns the most answered card of a note into the word’s history', async () => {
    const { rows, unreadableHistory } = ankiRows(await readAnkiPackage(fixture('templates.apkg')));
    expect(rows).toHaveLength(48);
    expect(unreadableHistory).toBe(0);
    const withHistory = rows.filter((r) => r.reviews);
    expect(withHistory.length).toBeGreaterThan(0);
    const most = withHistory.reduce((a, b) => (b.reviews!.length > a.reviews!.length ? b : a));
    expect(most.reviews).toHaveLength(29);
    expect(most.reviews!.every((r) => r.grade === 1)).toBe(true);
    expect(most.schedule!.total_reviews).toBe(29);
    expect(most.schedule!.last_review).toEqual(most.reviews!.at(-1)!.reviewedAt);
  });

  it('removes and counts sounds; counts the media files', async () => {
    const pkg = await readAnkiPackage(fixture('media.apkg'));
    expect(pkg.notes[0]!.fields[0]).toBe('');
    expect(pkg.media).toEqual({ sounds: 1, images: 0, files: 1 });
  });

  it('reads collection.anki21 and a .colpkg the same way', async () => {
    const anki21 = await readAnkiPackage(relabel('templates.apkg', 'collection.anki21'));
    expect(anki21.layout).toBe('anki21');
    expect(anki21.notes).toHaveLength(48);
  });

  it('reads collection.anki21b: zstd, the protobuf meta and media list, the newer schema', async () => {
    const pkg = await readAnkiPackage(fixture('anki21b.apkg'));
    expect(pkg.layout).toBe('anki21b');
    expect(pkg.notes).toHaveLength(2);
    expect(pkg.noteTypes.find((t) => t.name === 'Basic')?.fields).toEqual(['Front', 'Back']);
    const [hola, gato] = pkg.notes;
    expect(hola!.fields).toEqual(['hola & adiós', 'hello\ngoodbye']);
    expect(hola!.tags).toEqual(['spanish', 'food']);
    expect(hola!.cards[0]!.deck).toBe('ThisIsSchema16');
    expect(hola!.cards[0]!.memory).toEqual({
      stability: 8.5,
      difficulty: 5.1,
      desiredRetention: 0.9,
    });
    // Due 10 days after the collection was made (crt 1619060400).
    expect(hola!.cards[0]!.due).toEqual(new Date((1619060400 + 10 * 86400) * 1000));
    expect(hola!.cards[0]!.reviews.map((r) => r.ease)).toEqual([3, 1, 4]);
    expect(gato!.fields).toEqual(['gato', 'cat\n(animal)']);
    expect(gato!.cards).toHaveLength(2);
    expect(pkg.media.sounds).toBe(1);

    const { rows } = ankiRows(pkg);
    expect(rows[0]).toMatchObject({
      word: 'hola & adiós',
      translation: 'hello\ngoodbye',
      group: 'ThisIsSchema16',
    });
    expect(rows[0]!.reviews!.map((r) => r.grade)).toEqual([3, 1, 4]);
    expect(rows[0]!.schedule!.next_review_date).toEqual(new Date((1619060400 + 10 * 86400) * 1000));
    expect(rows[0]!.schedule!.stability).toBe(8.5);
    expect(rows[1]!.reviews).toBeUndefined();
  });

  it('maps fields as the learner picks them', async () => {
    const pkg = await readAnkiPackage(fixture('templates.apkg'));
    const muscle = pkg.noteTypes.find((t) => t.name === 'Muscle')!;
    const { rows } = ankiRows(pkg, {
      [muscle.id]: { word: 0, translation: 3, notes: 4, examples: 1 },
    });
    expect(rows.find((r) => r.word === 'Deltoid')).toMatchObject({
      translation: expect.stringContaining('Abduction at shoulder'),
      notes: 'Axillary',
      examples: 'Scapula (spine, acromion)\nClavicle (lateral 1/3)',
    });
  });

  it('starts a word whose history cannot be read as new, and counts it', async () => {
    const SQL = await sqlite();
    const db = new SQL.Database(unzipSync(fixture('media.apkg'))['collection.anki2']);
    const cid = db.exec('SELECT id FROM cards')[0]!.values[0]![0] as number;
    db.run('INSERT INTO revlog VALUES (1700000000000, ?, -1, 9, 1, 0, 2500, 4000, 1)', [cid]);
    const bytes = zipSync({ 'collection.anki21': db.export() });
    db.close();
    const result = ankiRows(await readAnkiPackage(bytes));
    expect(result.unreadableHistory).toBe(1);
    expect(result.rows[0]!.reviews).toBeUndefined();
  });
});

describe('readAnkiPackage refuses bad input, each with its own reason', () => {
  const cases: [string, () => Promise<Uint8Array> | Uint8Array, AnkiPackageProblem][] = [
    ['a file that is not a zip', () => strToU8('word,translation\nhola,hello\n'), 'corrupt-zip'],
    ['an empty file', () => new Uint8Array(0), 'corrupt-zip'],
    ['a zip cut short', () => fixture('templates.apkg').subarray(0, 4000), 'corrupt-zip'],
    [
      'a zip without a collection',
      () => zipSync({ 'notes.txt': strToU8('hello') }),
      'not-a-package',
    ],
    [
      'a collection that is not SQLite',
      () => zipSync({ 'collection.anki21': strToU8('not a database at all, really') }),
      'not-a-collection',
    ],
    [
      'a SQLite file that is not an Anki collection',
      async () => {
        const SQL = await sqlite();
        const db = new SQL.Database();
        db.run("CREATE TABLE words (word text); INSERT INTO words VALUES ('hola')");
        const bytes = zipSync({ 'collection.anki21': db.export() });
        db.close();
        return bytes;
      },
      'not-a-collection',
    ],
    [
      'a package with no notes',
      async () => {
        const SQL = await sqlite();
        const db = new SQL.Database(unzipSync(fixture('media.apkg'))['collection.anki2']);
        db.run('DELETE FROM notes');
        const bytes = zipSync({ 'collection.anki2': db.export() });
        db.close();
        return bytes;
      },
      'no-notes',
    ],
  ];
  for (const [name, make, problem] of cases) {
    it(`refuses ${name}`, async () => {
      expect(await refusal(await make())).toBe(problem);
    });
  }

  it('refuses a package over the size cap before reading it', async () => {
    expect(
      await refusal(fixture('templates.apkg'), { maxPackageBytes: 10_000, maxUnpackedBytes: 1e9 }),
    ).toBe('too-large');
  });

  it('stops a zip bomb once its output passes the bound', async () => {
    // 64 MB of zeros in a 64 kB zip, read with a 16 MB bound.
    expect(
      await refusal(fixture('zip-bomb.apkg'), { maxPackageBytes: 1e9, maxUnpackedBytes: 16 << 20 }),
    ).toBe('too-much-data');
  });

  it('stops a zstd bomb once its output passes the bound', async () => {
    // 64 MB of zeros in 2 kB of zstd (no size in its header), read with a 16 MB bound.
    expect(
      await refusal(fixture('zstd-bomb.apkg'), {
        maxPackageBytes: 1e9,
        maxUnpackedBytes: 16 << 20,
      }),
    ).toBe('too-much-data');
  });
});
