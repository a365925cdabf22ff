import { schema } from '@verba/db';
import {
  IMPORT_LIMITS,
  IMPORT_PROBLEMS,
  IMPORT_TEXT,
  type ImportJob,
  type ImportPreview,
  type Stats,
} from '@verba/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { importsSettled } from './imports.service.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({ clock: () => NOW });
});
afterAll(() => t.close());

const utf8 = (text: string) => new TextEncoder().encode(text);

function upload(user: TestUser, path: '/api/imports' | '/api/imports/preview', body: Uint8Array) {
  return t.request(`${path}?source=backup`, {
    method: 'POST',
    cookie: user.cookie,
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
}

async function importBackup(user: TestUser, body: Uint8Array): Promise<ImportJob> {
  const response = await upload(user, '/api/imports', body);
  expect(response.status).toBe(202);
  const started = (await response.json()) as ImportJob;
  await importsSettled();
  const read = await t.request(`/api/imports/${started.id}`, { cookie: user.cookie });
  return (await read.json()) as ImportJob;
}

async function download(user: TestUser): Promise<Uint8Array> {
  const response = await t.request('/api/account/export', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

type Row = Record<string, unknown>;
interface Backup {
  profile: Row;
  streak: Row;
  words: Row[];
  reviewLog: Row[];
  sessions: Row[];
  groups: Row[];
}

/**
 * A backup as the learner sees it, without the ids it was made with: each review, session and
 * group names its words by their text. What two collections share is what this returns equal.
 */
function collection(bytes: Uint8Array) {
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Backup;
  const wordOf = new Map(data.words.map((w) => [w.id as string, w.word as string]));
  const words = (ids: unknown) => (ids as string[]).map((id) => wordOf.get(id)).sort();
  const byText = (a: Row, b: Row) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  const { id: _id, email: _email, ...profile } = data.profile;
  return {
    profile,
    streak: data.streak,
    words: data.words
      .map(({ id: _wordId, ...word }) => word)
      .sort((a, b) => String(a.word).localeCompare(String(b.word))),
    reviewLog: data.reviewLog
      .map(({ id: _r, wordId, sessionId: _s, clientId: _c, ...review }) => ({
        ...review,
        word: wordOf.get(wordId as string),
      }))
      .sort(byText),
    sessions: data.sessions
      .map(({ id: _s, wordIds, ...session }) => ({ ...session, wordIds: words(wordIds) }))
      .sort(byText),
    groups: data.groups
      .map(({ id: _g, wordIds, ...group }) => ({ ...group, wordIds: words(wordIds) }))
      .sort(byText),
  };
}

/**
 * A learner with a history: words with every card field and schedule, answers of each kind,
 * finished sessions, groups (one empty), a streak and study time.
 */
async function seedLearner(user: TestUser) {
  await t.db
    .update(schema.profiles)
    .set({ currentStreak: 4, lastStudyDate: '2026-11-19', totalStudyTime: 37 })
    .where(eq(schema.profiles.id, user.id));
  const made = await t.db
    .insert(schema.words)
    .values([
      {
        userId: user.id,
        word: 'la manzana',
        translation: 'the apple',
        ipa: 'la manˈθana',
        examples: [
          { target: 'Como una manzana.', translation: 'I eat an apple.' },
          { target: 'La manzana es roja.', translation: 'The apple is red.' },
        ],
        mnemonic: 'A man’s zana',
        synonyms: ['el fruto'],
        grammarType: 'noun, feminine',
        cefrLevel: 'A1',
        tags: ['Food & Dining'],
        isFavorite: true,
        createdAt: new Date('2026-10-01T08:00:00Z'),
        updatedAt: new Date('2026-10-02T08:00:00Z'),
        interval: 12.5,
        repetitions: 4,
        easeFactor: 2.6,
        nextReviewDate: new Date('2026-11-25T08:00:00Z'),
        totalReviews: 4,
        correctReviews: 3,
        successRate: 0.75,
        mastered: true,
        stability: 30.25,
        difficulty: 4.5,
        state: 2,
        lapses: 1,
        learningSteps: 0,
        lastReview: new Date('2026-11-13T08:00:00Z'),
      },
      {
        userId: user.id,
        word: '駅',
        translation: 'station',
        reading: 'えき',
        createdAt: new Date('2026-10-03T08:00:00Z'),
        updatedAt: new Date('2026-10-03T08:00:00Z'),
        state: 1,
        stability: 0.8,
        difficulty: 6,
        totalReviews: 1,
        learningSteps: 1,
        lastReview: new Date('2026-11-19T08:00:00Z'),
        nextReviewDate: new Date('2026-11-19T08:10:00Z'),
      },
      {
        userId: user.id,
        word: 'שלום',
        translation: 'peace, hello 🙂',
        createdAt: new Date('2026-10-04T08:00:00Z'),
        updatedAt: new Date('2026-10-04T08:00:00Z'),
      },
    ])
    .returning({ id: schema.words.id, word: schema.words.word });
  const id = (word: string) => made.find((w) => w.word === word)!.id;
  const sessions = await t.db
    .insert(schema.dailyPracticeSessions)
    .values(
      ['2026-11-12', '2026-11-13', '2026-11-19'].map((day, i) => ({
        userId: user.id,
        wordIds: [id('la manzana'), id('駅')],
        startedAt: new Date(`${day}T08:00:00Z`),
        expiresAt: new Date(`${day}T23:59:59Z`),
        completedAt: new Date(`${day}T08:05:00Z`),
        wordsPracticed: 2,
        correctCount: 1 + (i % 2),
        totalTimeSeconds: 300 + i,
        streakAfter: i + 2,
      })),
    )
    .returning({ id: schema.dailyPracticeSessions.id });
  const review = (
    word: string,
    at: string,
    values: Partial<typeof schema.reviewLog.$inferInsert>,
  ) => ({
    userId: user.id,
    wordId: id(word),
    sessionId: sessions[0]!.id,
    clientId: `${word}-${at}`,
    practiceType: 'flashcard',
    outcome: 'correct',
    responseTime: 2.5,
    confidenceRating: 3,
    rating: 3,
    state: 2,
    elapsedDays: 3,
    scheduledDays: 4,
    durationMs: 2500,
    reviewedAt: new Date(at),
    ...values,
  });
  await t.db.insert(schema.reviewLog).values([
    review('la manzana', '2026-11-01T08:00:00Z', { state: 0, elapsedDays: 0 }),
    review('la manzana', '2026-11-05T08:00:00Z', {
      practiceType: 'spelling',
      outcome: 'incorrect',
      confidenceRating: 1,
      rating: 1,
    }),
    review('la manzana', '2026-11-12T08:00:00Z', { practiceType: 'multiple-choice' }),
    review('la manzana', '2026-11-13T08:00:00Z', { rating: 4, confidenceRating: 5 }),
    review('駅', '2026-11-19T08:00:00Z', { state: 0, scheduledDays: 0, durationMs: 900 }),
  ]);
  const groups = await t.db
    .insert(schema.groups)
    .values([
      { userId: user.id, name: 'Kitchen', createdAt: new Date('2026-10-05T08:00:00Z') },
      { userId: user.id, name: 'Empty for now', createdAt: new Date('2026-10-06T08:00:00Z') },
    ])
    .returning({ id: schema.groups.id, name: schema.groups.name });
  await t.db.insert(schema.groupWords).values([
    { groupId: groups.find((g) => g.name === 'Kitchen')!.id, wordId: id('la manzana') },
    { groupId: groups.find((g) => g.name === 'Kitchen')!.id, wordId: id('שלום') },
  ]);
}

async function statsOf(user: TestUser) {
  const response = await t.request('/api/stats', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Stats;
}

describe('a Verba backup restores a collection', () => {
  it('gives back every word, card field, review, session, group and statistic in a fresh account', async () => {
    const a = await t.signUp();
    await seedLearner(a);
    const backup = await download(a);

    const b = await t.signUp();
    const preview = (await (
      await upload(b, '/api/imports/preview', backup)
    ).json()) as ImportPreview;
    expect(preview).toMatchObject({ total: 3, valid: 3, duplicates: 0, problems: 0 });
    expect(preview.rows.map((r) => r.word)).toEqual(['la manzana', '駅', 'שלום']);

    const job = await importBackup(b, backup);
    expect(job).toMatchObject({ status: 'done', source: 'backup', imported: 3, problems: 0 });
    const restored = collection(await download(b));
    const original = collection(backup);
    expect(restored.words).toEqual(original.words);
    expect(restored.reviewLog).toEqual(original.reviewLog);
    expect(restored.reviewLog).toHaveLength(5);
    expect(restored.sessions).toEqual(original.sessions);
    expect(restored.groups).toEqual(original.groups);
    expect(restored.streak).toEqual({ current: 4, lastStudyDate: '2026-11-19' });
    expect(restored.profile).toEqual(original.profile);
    expect(restored.profile).toMatchObject({ totalWords: 3, masteredWords: 1, totalStudyTime: 37 });
    const [statsA, statsB] = [await statsOf(a), await statsOf(b)];
    expect(statsB).toEqual(statsA);
    expect(statsB.totalReviews).toBe(5);
    expect(statsB.streak.current).toBe(4);

    // Nothing of it is saved under the ids of the file, and the first learner is untouched.
    const ids = (bytes: Uint8Array) =>
      (JSON.parse(new TextDecoder().decode(bytes)) as Backup).words.map((w) => w.id);
    const restoredIds = ids(await download(b));
    expect(restoredIds.filter((id) => ids(backup).includes(id))).toEqual([]);
    expect(collection(await download(a))).toEqual(original);
  });

  it('changes nothing when the same backup is imported again', async () => {
    const a = await t.signUp();
    await seedLearner(a);
    const backup = await download(a);
    const b = await t.signUp();
    await importBackup(b, backup);
    const once = collection(await download(b));

    const preview = (await (
      await upload(b, '/api/imports/preview', backup)
    ).json()) as ImportPreview;
    expect(preview).toMatchObject({ valid: 0, duplicates: 3, merged: 3 });
    expect(preview.rows[0]).toMatchObject({ problem: IMPORT_PROBLEMS.merged, duplicate: true });
    const again = await importBackup(b, backup);
    expect(again).toMatchObject({ status: 'done', imported: 0, duplicates: 3, problems: 0 });
    expect(collection(await download(b))).toEqual(once);
    const [reviews] = await t.db
      .select({ n: count() })
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.userId, b.id));
    expect(reviews!.n).toBe(5);
  });

  it('merges into words already there: the newer card is kept, the reviews are joined', async () => {
    const a = await t.signUp();
    await seedLearner(a);
    const backup = await download(a);

    const b = await t.signUp();
    const [older, newer] = await t.db
      .insert(schema.words)
      .values([
        // Older than the backup's card (written 2026-10-02, last reviewed 2026-11-13), and
        // pasted from a web page: a no-break space where the backup has a space.
        {
          userId: b.id,
          word: 'La\u00a0Manzana',
          translation: 'an apple (old)',
          updatedAt: new Date('2026-10-01T09:00:00Z'),
          lastReview: new Date('2026-11-01T08:00:00Z'),
          totalReviews: 1,
          correctReviews: 1,
        },
        // Reviewed after the backup's card was (2026-11-19).
        {
          userId: b.id,
          word: '駅',
          translation: 'railway station',
          updatedAt: new Date('2026-10-01T09:00:00Z'),
          lastReview: new Date('2026-11-20T08:00:00Z'),
          state: 2,
          totalReviews: 2,
        },
      ])
      .returning({ id: schema.words.id });
    const answer = (wordId: string, at: string) => ({
      userId: b.id,
      wordId,
      practiceType: 'flashcard',
      outcome: 'correct',
      responseTime: 1,
      confidenceRating: 3,
      rating: 3,
      state: 0,
      elapsedDays: 0,
      scheduledDays: 1,
      reviewedAt: new Date(at),
    });
    await t.db.insert(schema.reviewLog).values([
      // The same answer as the backup's first one, and one the backup does not have.
      answer(older!.id, '2026-11-01T08:00:00Z'),
      answer(newer!.id, '2026-11-20T08:00:00Z'),
    ]);

    const job = await importBackup(b, backup);
    expect(job).toMatchObject({ status: 'done', imported: 1, duplicates: 2, problems: 0 });
    const words = await t.db
      .select()
      .from(schema.words)
      .where(eq(schema.words.userId, b.id))
      .orderBy(schema.words.createdAt);
    expect(words).toHaveLength(3);
    const apple = words.find((w) => w.id === older!.id)!;
    expect(apple).toMatchObject({
      word: 'la manzana',
      translation: 'the apple',
      totalReviews: 4,
      mastered: true,
      lastReview: new Date('2026-11-13T08:00:00Z'),
    });
    const station = words.find((w) => w.id === newer!.id)!;
    expect(station).toMatchObject({ translation: 'railway station', state: 2, totalReviews: 2 });
    const reviewsOf = async (wordId: string) =>
      (
        await t.db
          .select({ at: schema.reviewLog.reviewedAt })
          .from(schema.reviewLog)
          .where(eq(schema.reviewLog.wordId, wordId))
          .orderBy(schema.reviewLog.reviewedAt)
      ).map((r) => r.at.toISOString());
    expect(await reviewsOf(older!.id)).toEqual([
      '2026-11-01T08:00:00.000Z',
      '2026-11-05T08:00:00.000Z',
      '2026-11-12T08:00:00.000Z',
      '2026-11-13T08:00:00.000Z',
    ]);
    expect(await reviewsOf(newer!.id)).toEqual([
      '2026-11-19T08:00:00.000Z',
      '2026-11-20T08:00:00.000Z',
    ]);
    const profile = await t.request('/api/profile', { cookie: b.cookie });
    expect(await profile.json()).toMatchObject({ totalWords: 3, masteredWords: 1 });
  });
});

describe('a file that is not a backup is refused and changes nothing', () => {
  const valid = async () => {
    const a = await t.signUp();
    await seedLearner(a);
    return JSON.parse(new TextDecoder().decode(await download(a))) as Record<string, unknown> &
      Backup;
  };

  async function expectRefused(user: TestUser, body: Uint8Array, message: string) {
    for (const path of ['/api/imports/preview', '/api/imports'] as const) {
      const response = await upload(user, path, body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { message: string } };
      expect(error.message).toBe(message);
    }
    const [jobs] = await t.db
      .select({ n: count() })
      .from(schema.importJobs)
      .where(eq(schema.importJobs.userId, user.id));
    const [words] = await t.db
      .select({ n: count() })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    expect([jobs!.n, words!.n]).toEqual([0, 0]);
  }

  it('refuses a file that is not JSON, binary data, the wrong shape, another version, too many words', async () => {
    const user = await t.signUp();
    const backup = await valid();
    await expectRefused(user, utf8('word,translation\nhola,hello'), IMPORT_TEXT.backupNotJson);
    await expectRefused(
      user,
      new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 9]),
      IMPORT_TEXT.backupNotJson,
    );
    await expectRefused(user, new Uint8Array(), IMPORT_TEXT.empty);
    await expectRefused(user, utf8('[1, 2]'), IMPORT_TEXT.backupWrongShape('it is not one object'));
    await expectRefused(
      user,
      utf8(JSON.stringify({ ...backup, words: 'none' })),
      IMPORT_TEXT.backupWrongShape('words is missing or not valid'),
    );
    const badState = structuredClone(backup);
    badState.words[1]!.state = 7;
    await expectRefused(
      user,
      utf8(JSON.stringify(badState)),
      IMPORT_TEXT.backupWrongShape('words[1].state is missing or not valid'),
    );
    const scriptType = structuredClone(backup);
    scriptType.reviewLog[0]!.practiceType = '<script>alert(1)</script>';
    await expectRefused(
      user,
      utf8(JSON.stringify(scriptType)),
      IMPORT_TEXT.backupWrongShape('reviewLog[0].practiceType is missing or not valid'),
    );
    const blankGroup = structuredClone(backup);
    blankGroup.groups[0]!.name = ' \u0007';
    await expectRefused(
      user,
      utf8(JSON.stringify(blankGroup)),
      IMPORT_TEXT.backupWrongShape('groups[0].name is missing or not valid'),
    );
    await expectRefused(
      user,
      utf8(JSON.stringify({ ...backup, version: 2 })),
      IMPORT_TEXT.backupWrongVersion('2'),
    );
    await expectRefused(
      user,
      utf8(JSON.stringify({ ...backup, format: 'anki' })),
      IMPORT_TEXT.backupWrongShape('format is not a Verba backup'),
    );
    const many = {
      ...backup,
      words: Array.from({ length: IMPORT_LIMITS.maxRows + 1 }, () => ({})),
    };
    await expectRefused(
      user,
      utf8(JSON.stringify(many)),
      IMPORT_TEXT.tooManyRows(IMPORT_LIMITS.maxRows + 1),
    );
  });

  it('checks each word as a hand-written card, and saves only those that pass', async () => {
    const user = await t.signUp();
    const backup = await valid();
    backup.words[0]!.word = 'bad\u0000word';
    backup.words[1]!.translation = 'x'.repeat(201);
    backup.words[2]!.tags = ['Travel', 'not a theme'];
    backup.words[2]!.word = '<script>alert(1)</script>';
    const preview = (await (
      await upload(user, '/api/imports/preview', utf8(JSON.stringify(backup)))
    ).json()) as ImportPreview;
    expect(preview.rows.map((r) => r.problem)).toEqual([
      IMPORT_PROBLEMS.controlCharacters('word'),
      IMPORT_PROBLEMS.tooLong('translation', 200),
      null,
    ]);
    const job = await importBackup(user, utf8(JSON.stringify(backup)));
    expect(job).toMatchObject({ imported: 1, problems: 2 });
    const words = await t.db
      .select({ word: schema.words.word, tags: schema.words.tags })
      .from(schema.words)
      .where(eq(schema.words.userId, user.id));
    // Stored as text; a theme outside the fixed list is not kept.
    expect(words).toEqual([{ word: '<script>alert(1)</script>', tags: ['Travel'] }]);
    // Only the saved word's reviews come along: the backup's third word had none.
    const [reviews] = await t.db
      .select({ n: count() })
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.userId, user.id));
    expect(reviews!.n).toBe(0);
  });
});
