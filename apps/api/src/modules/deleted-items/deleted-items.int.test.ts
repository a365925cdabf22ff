import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import {
  DELETE_UNDO,
  WORD_TEXT,
  type GroupDetail,
  type GroupList,
  type PracticeSession,
  type Profile,
  type Word,
  type WordList,
} from '@verba/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';

// Undo for deletes (docs/decisions/018), on the clock the test moves.
const DAY = 86_400_000;
// Tomorrow 12:00 UTC: later than every row the database stamps with its own now().
let nowMs = Math.ceil(Date.now() / DAY) * DAY + 12 * 3_600_000;
const later = (seconds: number) => {
  nowMs += seconds * 1000;
};

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start({
    clock: () => new Date(nowMs),
    env: { AUTH_RATE_LIMIT_SIGN_UP: '1000' },
  });
});
afterAll(() => t.close());

interface Envelope {
  error: { code: string; message: string; resourceId?: string };
}

async function learner(): Promise<TestUser> {
  const user = await t.signUp();
  await t.request('/api/profile/onboarding', {
    method: 'POST',
    cookie: user.cookie,
    json: { nativeLanguage: 'en', targetLanguage: 'es' },
  });
  return user;
}

async function save(user: TestUser, word: string, translation: string): Promise<Word> {
  const response = await t.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), word, translation },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Word;
}

const remove = (user: TestUser, path: string) =>
  t.request(path, { method: 'DELETE', cookie: user.cookie });
const restore = (user: TestUser, path: string) =>
  t.request(`${path}/restore`, { method: 'POST', cookie: user.cookie, json: {} });
const get = async <T>(user: TestUser, path: string) =>
  (await (await t.request(path, { cookie: user.cookie })).json()) as T;
const listed = async (user: TestUser) =>
  (await get<WordList>(user, '/api/words?limit=50')).words.map((w) => w.word).sort();
const profile = (user: TestUser) => get<Profile>(user, '/api/profile');

const reviewsOf = async (wordId: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.wordId, wordId))
  )[0]?.n;

const wordRow = async (id: string) =>
  (await t.db.select().from(schema.words).where(eq(schema.words.id, id)))[0];

/** Starts a daily round and answers its first item of `word` right, as the app would. */
async function practise(user: TestUser, word: Word): Promise<PracticeSession> {
  const started = await t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
  });
  expect(started.status).toBe(201);
  const session = (await started.json()) as PracticeSession;
  const item = session.items.find((i) => i.wordId === word.id)!;
  const answer =
    item.type === 'flashcard'
      ? { type: 'flashcard', knew: true }
      : item.type === 'multiple-choice'
        ? { type: 'multiple-choice', optionIndex: item.options!.indexOf(word.translation) }
        : { type: 'spelling', text: word.word };
  const answered = await t.request(`/api/practice/sessions/${session.id}/answers`, {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), itemIndex: item.index, answer, responseTimeMs: 2_000 },
  });
  expect(answered.status, await answered.clone().text()).toBe(200);
  return session;
}

async function markMastered(user: TestUser, word: Word) {
  await t.db.update(schema.words).set({ mastered: true }).where(eq(schema.words.id, word.id));
  await t.db
    .update(schema.profiles)
    .set({ masteredWords: 1 })
    .where(eq(schema.profiles.id, user.id));
}

describe('deleting a word and undoing it', () => {
  it('takes the word out of every read and count at once, and Undo brings it back with its history', async () => {
    const user = await learner();
    const perro = await save(user, 'el perro', 'dog');
    const gato = await save(user, 'el gato', 'cat');
    const round = await practise(user, perro);
    expect(await reviewsOf(perro.id)).toBe(1);
    await markMastered(user, perro);
    const [group] = await t.db
      .insert(schema.groups)
      .values({ userId: user.id, name: 'Animals' })
      .returning({ id: schema.groups.id });
    await t.db.insert(schema.groupWords).values([
      { groupId: group!.id, wordId: perro.id },
      { groupId: group!.id, wordId: gato.id },
    ]);

    const before = await wordRow(perro.id);
    expect((await remove(user, `/api/words/${perro.id}`)).status).toBe(200);
    expect(await listed(user)).toEqual(['el gato']);
    expect((await t.request(`/api/words/${perro.id}`, { cookie: user.cookie })).status).toBe(404);
    expect(await profile(user)).toMatchObject({ totalWords: 1, masteredWords: 0 });
    const { groups } = await get<GroupList>(user, '/api/groups');
    expect(groups).toMatchObject([{ name: 'Animals', totalWords: 1, masteredWords: 0 }]);
    expect(await reviewsOf(perro.id)).toBe(0);

    const restored = await restore(user, `/api/words/${perro.id}`);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: perro.id, word: 'el perro', mastered: true });
    expect(await listed(user)).toEqual(['el gato', 'el perro']);
    expect(await profile(user)).toMatchObject({ totalWords: 2, masteredWords: 1 });
    expect(await get<GroupDetail>(user, `/api/groups/${group!.id}`)).toMatchObject({
      totalWords: 2,
      masteredWords: 1,
    });
    // The answer is back in the log, still tied to its round.
    const [review] = await t.db
      .select()
      .from(schema.reviewLog)
      .where(eq(schema.reviewLog.wordId, perro.id));
    expect(review).toMatchObject({ userId: user.id, sessionId: round.id, outcome: 'correct' });
    // The word's review state and card come back exactly as they were.
    expect(await wordRow(perro.id)).toEqual(before);
  });

  it('counts a replayed delete and a replayed undo once', async () => {
    const user = await learner();
    const word = await save(user, 'la casa', 'house');
    const path = `/api/words/${word.id}`;
    const deletes = await Promise.all([remove(user, path), remove(user, path)]);
    expect(deletes.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await profile(user)).toMatchObject({ totalWords: 0 });
    const undos = await Promise.all([restore(user, path), restore(user, path)]);
    expect(undos.map((r) => r.status)).toEqual([200, 200]);
    expect((await restore(user, path)).status).toBe(200);
    expect(await profile(user)).toMatchObject({ totalWords: 1 });
    expect(await listed(user)).toEqual(['la casa']);
  });

  it('keeps a deleted word out of practice', async () => {
    const user = await learner();
    const kept = await save(user, 'la mesa', 'table');
    const gone = await save(user, 'la silla', 'chair');
    await remove(user, `/api/words/${gone.id}`);
    const started = await t.request('/api/practice/sessions', {
      method: 'POST',
      cookie: user.cookie,
      json: { id: randomUUID(), mode: 'infinity', timeZone: 'UTC' },
    });
    const session = (await started.json()) as PracticeSession;
    expect(session.words.map((w) => w.id)).toEqual([kept.id]);
    expect(session.items.every((i) => i.wordId === kept.id)).toBe(true);
  });

  it('cannot be undone once the window is over, and the purge removes it for good', async () => {
    const user = await learner();
    const word = await save(user, 'el libro', 'book');
    const path = `/api/words/${word.id}`;
    await remove(user, path);
    later(DELETE_UNDO.keepSeconds);
    const late = await restore(user, path);
    expect(late.status).toBe(404);
    expect(((await late.json()) as Envelope).error.code).toBe('NOT_FOUND');
    await t.services.jobs.deletedPurge.runNow();
    const kept = await t.db
      .select()
      .from(schema.deletedItems)
      .where(eq(schema.deletedItems.id, word.id));
    expect(kept).toEqual([]);
    expect((await restore(user, path)).status).toBe(404);
    expect(await profile(user)).toMatchObject({ totalWords: 0 });
  });

  it('keeps what was deleted within the window through a purge', async () => {
    const user = await learner();
    const word = await save(user, 'el árbol', 'tree');
    await remove(user, `/api/words/${word.id}`);
    later(DELETE_UNDO.keepSeconds - 1);
    await t.services.jobs.deletedPurge.runNow();
    expect((await restore(user, `/api/words/${word.id}`)).status).toBe(200);
  });

  it('answers 404 to another learner’s undo and leaves the word deleted', async () => {
    const owner = await learner();
    const intruder = await learner();
    const word = await save(owner, 'el secreto', 'secret');
    const path = `/api/words/${word.id}`;
    await remove(owner, path);
    expect((await restore(intruder, path)).status).toBe(404);
    expect(await listed(intruder)).toEqual([]);
    expect(await profile(intruder)).toMatchObject({ totalWords: 0 });
    expect(await listed(owner)).toEqual([]);
    expect((await restore(owner, path)).status).toBe(200);
  });

  it('refuses to undo when the same word was saved again meanwhile, naming the new card', async () => {
    const user = await learner();
    const first = await save(user, 'el sol', 'sun');
    await remove(user, `/api/words/${first.id}`);
    const again = await save(user, 'El Sol', 'the sun');
    const response = await restore(user, `/api/words/${first.id}`);
    expect(response.status).toBe(409);
    expect(((await response.json()) as Envelope).error).toMatchObject({
      code: 'CONFLICT',
      message: WORD_TEXT.duplicate,
      resourceId: again.id,
    });
    expect(await profile(user)).toMatchObject({ totalWords: 1 });
  });

  it('refuses a malformed id with a 400', async () => {
    const user = await learner();
    expect((await restore(user, '/api/words/not-a-uuid')).status).toBe(400);
    expect((await restore(user, '/api/groups/not-a-uuid')).status).toBe(400);
  });
});

describe('deleting a group and undoing it', () => {
  it('takes the group away, keeps its words, and Undo brings it back with them', async () => {
    const user = await learner();
    const perro = await save(user, 'el perro', 'dog');
    const gato = await save(user, 'el gato', 'cat');
    const [group] = await t.db
      .insert(schema.groups)
      .values({ userId: user.id, name: 'Animals' })
      .returning({ id: schema.groups.id });
    const path = `/api/groups/${group!.id}`;
    await t.db.insert(schema.groupWords).values([
      { groupId: group!.id, wordId: perro.id },
      { groupId: group!.id, wordId: gato.id },
    ]);

    expect((await remove(user, path)).status).toBe(200);
    expect((await get<GroupList>(user, '/api/groups')).groups).toEqual([]);
    expect((await t.request(path, { cookie: user.cookie })).status).toBe(404);
    expect(await listed(user)).toEqual(['el gato', 'el perro']);
    expect((await remove(user, path)).status).toBe(404);
    // A word deleted meanwhile stays out of the restored group.
    await remove(user, `/api/words/${gato.id}`);

    const restored = await restore(user, path);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: group!.id, name: 'Animals', totalWords: 1 });
    expect((await restore(user, path)).status).toBe(200);
    expect((await get<GroupList>(user, '/api/groups')).groups).toMatchObject([
      { id: group!.id, name: 'Animals', totalWords: 1 },
    ]);
  });

  it('answers 404 to another learner and after the window', async () => {
    const owner = await learner();
    const intruder = await learner();
    const word = await save(owner, 'el pan', 'bread');
    const [group] = await t.db
      .insert(schema.groups)
      .values({ userId: owner.id, name: 'Food' })
      .returning({ id: schema.groups.id });
    await t.db.insert(schema.groupWords).values({ groupId: group!.id, wordId: word.id });
    const path = `/api/groups/${group!.id}`;
    expect((await remove(intruder, path)).status).toBe(404);
    expect((await remove(owner, path)).status).toBe(200);
    expect((await restore(intruder, path)).status).toBe(404);
    later(DELETE_UNDO.keepSeconds);
    await t.services.jobs.deletedPurge.runNow();
    expect((await restore(owner, path)).status).toBe(404);
    expect((await get<GroupList>(owner, '/api/groups')).groups).toEqual([]);
  });
});
