import { schema } from '@verba/db';
import { newCard, scheduleReview, type SrsCard } from '@verba/srs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { cardToRow } from '../scheduling/card-mapper.ts';
import { noteGuid } from './guid.ts';
import { readAnkiPackage } from './package.ts';
import { ankiRows } from './rows.ts';

const DAY = 86_400_000;
let added = 0;
const NOW = new Date('2026-03-01T12:00:00Z');

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({
    clock: () => new Date(NOW),
    env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(() => t.close());

interface Seeded {
  id: string;
  word: string;
  translation: string;
  reviews: { reviewedAt: Date; rating: number }[];
  card: SrsCard;
}

/** A word answered with `grades`, each when due, written as practice writes it. */
async function practisedWord(
  userId: string,
  word: string,
  translation: string,
  grades: (1 | 2 | 3 | 4)[],
) {
  let card = newCard(new Date('2025-06-01T08:00:00Z'));
  const history: Seeded['reviews'] = [];
  const logs = [];
  let at = card.next_review_date.getTime();
  for (const grade of grades) {
    at = Math.max(at + 3_600_000, card.next_review_date.getTime()) + 777;
    const { card: next, log } = scheduleReview({
      card,
      correct: grade > 1,
      grade,
      now: new Date(at),
    });
    logs.push({ log, grade });
    history.push({ reviewedAt: new Date(at), rating: grade });
    card = next;
  }
  const [row] = await t.db
    .insert(schema.words)
    .values({
      userId,
      word,
      translation,
      ipa: '/x/',
      examples: [{ target: `${word} aquí`, translation: `${translation} here` }],
      // Words are listed in the order they were added.
      createdAt: new Date(Date.UTC(2025, 5, 1, 8) + ++added * 60_000),
      ...cardToRow(card),
    })
    .returning({ id: schema.words.id });
  if (logs.length > 0) {
    await t.db.insert(schema.reviewLog).values(
      logs.map(({ log, grade }) => ({
        userId,
        wordId: row!.id,
        practiceType: 'flashcard',
        outcome: log.correct ? 'correct' : 'incorrect',
        responseTime: 3,
        confidenceRating: 3,
        rating: grade,
        state: log.state,
        elapsedDays: log.elapsed_days,
        scheduledDays: log.scheduled_days,
        durationMs: 3000,
        reviewedAt: log.reviewed_at,
      })),
    );
  }
  return { id: row!.id, word, translation, reviews: history, card } satisfies Seeded;
}

async function learnerWithWords(): Promise<{ user: TestUser; words: Seeded[] }> {
  const user = await t.signUp();
  const words = [
    await practisedWord(user.id, 'hola', 'hello', [3, 3, 1, 3, 4, 3]),
    await practisedWord(user.id, 'gato', 'cat', [2, 3]),
    await practisedWord(user.id, 'perro', 'dog', []),
  ];
  const [group] = await t.db
    .insert(schema.groups)
    .values({ userId: user.id, name: 'Animals' })
    .returning();
  await t.db.insert(schema.groupWords).values([
    { groupId: group!.id, wordId: words[1]!.id },
    { groupId: group!.id, wordId: words[2]!.id },
  ]);
  return { user, words };
}

describe('GET /api/account/export/anki', () => {
  it('downloads an .apkg that reads back as the same words, reviews and schedules', async () => {
    const { user, words } = await learnerWithWords();
    // Another learner's words never come along.
    await learnerWithWords();
    const response = await t.request('/api/account/export/anki', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="verba-words.apkg"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pkg = await readAnkiPackage(bytes);
    const { rows } = ankiRows(pkg);
    expect(rows.map((r) => [r.word, r.translation, r.guid])).toEqual(
      words.map((w) => [w.word, w.translation, noteGuid(w.id)]),
    );
    words.forEach((word, i) => {
      const row = rows[i]!;
      expect(row.reviews?.length ?? 0).toBe(word.reviews.length);
      if (word.reviews.length === 0) return;
      expect(row.reviews!.map((r) => r.grade)).toEqual(word.reviews.map((r) => r.rating));
      expect(row.reviews!.map((r) => Math.floor(r.reviewedAt.getTime() / 1000))).toEqual(
        word.reviews.map((r) => Math.floor(r.reviewedAt.getTime() / 1000)),
      );
      expect(
        Math.abs(row.schedule!.next_review_date.getTime() - word.card.next_review_date.getTime()),
      ).toBeLessThan(DAY);
    });
    expect(rows.map((r) => r.group)).toEqual(['Default', 'Animals', 'Animals']);
  });

  it('adds a reverse card per word when asked, and refuses an unknown option', async () => {
    const { user } = await learnerWithWords();
    const reverse = await t.request('/api/account/export/anki?reverse=true', {
      cookie: user.cookie,
    });
    const pkg = await readAnkiPackage(new Uint8Array(await reverse.arrayBuffer()));
    expect(pkg.notes.map((n) => n.cards.length)).toEqual([2, 2, 2]);
    const bad = await t.request('/api/account/export/anki?reverse=maybe', { cookie: user.cookie });
    expect(bad.status).toBe(400);
    const unknown = await t.request('/api/account/export/anki?deck=all', { cookie: user.cookie });
    expect(unknown.status).toBe(400);
  });

  it('gives a learner with no words an empty package', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/account/export/anki', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))).toContain(
      'collection.anki21',
    );
  });

  it('needs a signed-in learner', async () => {
    expect((await t.request('/api/account/export/anki')).status).toBe(401);
  });
});

describe('GET /api/account/export/csv and /tsv', () => {
  it("downloads the learner's words with Anki's header lines", async () => {
    const { user, words } = await learnerWithWords();
    const csv = await t.request('/api/account/export/csv', { cookie: user.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="verba-words.csv"');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('#separator:comma');
    expect(lines[1]).toBe('#html:false');
    expect(lines.filter((l) => !l.startsWith('#')).map((l) => l.split(',').slice(0, 2))).toEqual(
      words.map((w) => [w.word, w.translation]),
    );

    const tsv = await t.request('/api/account/export/tsv', { cookie: user.cookie });
    expect(tsv.headers.get('content-disposition')).toBe('attachment; filename="verba-words.tsv"');
    const tsvLines = (await tsv.text()).trimEnd().split('\r\n');
    expect(tsvLines[0]).toBe('#separator:tab');
    expect(tsvLines.at(-1)!.split('\t').slice(0, 2)).toEqual(['perro', 'dog']);
    expect(tsvLines.at(-1)!.split('\t')[9]).toBe('Animals');
  });

  it('needs a signed-in learner', async () => {
    expect((await t.request('/api/account/export/csv')).status).toBe(401);
    expect((await t.request('/api/account/export/tsv')).status).toBe(401);
  });
});
