import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { AI_QUOTAS, type GroupDetail, type GroupList } from '@verba/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../../testing/fake-ai-server.ts';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { GROUPING_COOLDOWN_MS } from './groups.service.ts';

let ai: FakeAiServer;
let t: TestHarness;
/** A second API process on the same database. */
let other: TestHarness;

// The tests move the clock past grouping cooldowns instead of waiting them out.
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);
const passCooldown = () => {
  clockOffsetMs += GROUPING_COOLDOWN_MS;
};

beforeAll(async () => {
  ai = await startFakeAiServer();
  const options = {
    env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AUTH_RATE_LIMIT_SIGN_UP: '1000' },
    clock,
  };
  t = await TestHarness.start(options);
  other = await TestHarness.onDatabase(t.database, options, await t.database.connectAgain());
});
afterAll(async () => {
  await t.close();
  await ai.close();
});
beforeEach(() => ai.reset());

interface Saved {
  id: string;
  word: string;
}

async function save(user: TestUser, word: string, through = t): Promise<Saved> {
  const id = randomUUID();
  const response = await through.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id, word, translation: `${word} (en)` },
  });
  expect(response.status).toBe(201);
  return { id, word };
}

async function groupsOf(user: TestUser): Promise<GroupList> {
  const response = await t.request('/api/groups', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as GroupList;
}

/** The words the model was shown in grouping request `index`: the ids in its user message. */
function idsSentIn(index: number): string[] {
  const body = ai.requests[index]?.body as { messages: { role: string; content: string }[] };
  const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
  return [...user.matchAll(/^([0-9a-f-]{36}):/gm)].map((m) => m[1] ?? '');
}

function heard(userId: string): AppEvent[] {
  const events: AppEvent[] = [];
  t.services.events.subscribe((e) => events.push(e), userId);
  return events;
}

const grouping = (...groups: { name: string; wordIds: string[] }[]) =>
  fakeReply.for('word_groups', fakeReply.json({ groups }));

describe('automatic grouping', () => {
  it('waits for 3 words, then groups them in the background with one AI call', async () => {
    const user = await t.signUp();
    const events = heard(user.id);
    const [a, b] = [await save(user, 'manzana'), await save(user, 'pan')];
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(0);
    expect((await groupsOf(user)).groups).toEqual([]);

    const c = await save(user, 'avión');
    ai.enqueue(
      grouping(
        { name: ' food and dining ', wordIds: [a.id, b.id] },
        { name: 'Travel', wordIds: [c.id] },
        { name: 'Empty', wordIds: [] },
      ),
    );
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(1);
    expect(idsSentIn(0).sort()).toEqual([a.id, b.id, c.id].sort());

    const { groups } = await groupsOf(user);
    expect(groups.map((g) => [g.name, g.totalWords, g.masteredWords]).sort()).toEqual([
      ['Food & Dining', 2, 0],
      ['Travel', 1, 0],
    ]);
    // On PostgreSQL the event travels through NOTIFY, so it arrives a moment later.
    await expect
      .poll(() => events.map((e) => e.kind), { timeout: 5_000 })
      .toContain('groups.changed');

    // Counts come from the data: a mastered word shows in its group.
    await t.db.update(schema.words).set({ mastered: true }).where(eq(schema.words.id, a.id));
    const food = (await groupsOf(user)).groups.find((g) => g.name === 'Food & Dining');
    expect(food).toMatchObject({ totalWords: 2, masteredWords: 1 });

    const detail = await t.request(`/api/groups/${food?.id}`, { cookie: user.cookie });
    expect(detail.status).toBe(200);
    const body = (await detail.json()) as GroupDetail;
    expect(body.words.map((w) => w.word).sort()).toEqual(['manzana', 'pan']);
    expect(body).toMatchObject({ totalWords: 2, masteredWords: 1 });
  });

  it('ten quick saves cost at most two AI calls, and new words join the existing groups', async () => {
    const user = await t.signUp();
    const first: Saved[] = [];
    for (const word of ['uno', 'dos', 'tres', 'cuatro', 'cinco'])
      first.push(await save(user, word));
    ai.enqueue(grouping({ name: 'Time & Numbers', wordIds: first.map((w) => w.id) }));
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(1);

    const more: Saved[] = [];
    for (const word of ['seis', 'siete', 'ocho', 'nueve', 'diez'])
      more.push(await save(user, word));
    // Inside the cooldown: the five saves wait as one run.
    await t.services.groups.idle();
    expect(ai.requests).toHaveLength(1);

    passCooldown();
    ai.enqueue(grouping({ name: 'Time & Numbers', wordIds: more.map((w) => w.id) }));
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(2);
    // Only the new words were sent, with the existing group's name.
    expect(idsSentIn(1).sort()).toEqual(more.map((w) => w.id).sort());
    const prompt = JSON.stringify(ai.requests[1]?.body);
    expect(prompt).toContain('Existing groups');
    expect(prompt).toContain('Time & Numbers');

    const { groups } = await groupsOf(user);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ name: 'Time & Numbers', totalWords: 10 });
  });

  it('shares the cooldown between server processes', async () => {
    const user = await t.signUp();
    const first: Saved[] = [];
    for (const word of ['lunes', 'martes', 'miércoles']) first.push(await save(user, word));
    ai.enqueue(grouping({ name: 'Time & Numbers', wordIds: first.map((w) => w.id) }));
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(1);

    // Saved through the other process inside the minute: it waits for the learner's turn.
    const more = [await save(user, 'jueves', other), await save(user, 'viernes', other)];
    await other.services.groups.flush();
    expect(ai.requests).toHaveLength(1);

    passCooldown();
    ai.enqueue(grouping({ name: 'Time & Numbers', wordIds: more.map((w) => w.id) }));
    await other.services.groups.flush();
    expect(ai.requests).toHaveLength(2);
    expect(idsSentIn(1).sort()).toEqual(more.map((w) => w.id).sort());
    expect((await groupsOf(user)).groups[0]).toMatchObject({ totalWords: 5 });
  });

  it('an answer with another learner’s word id is asked again, then refused, keeping the old groups', async () => {
    const other = await t.signUp();
    const foreign = await save(other, 'ajeno');
    const user = await t.signUp();
    const events = heard(user.id);
    const words = [await save(user, 'rojo'), await save(user, 'azul'), await save(user, 'verde')];
    ai.enqueue(grouping({ name: 'Colours', wordIds: words.map((w) => w.id) }));
    await t.services.groups.flush();
    const before = await groupsOf(user);
    expect(before.groups).toHaveLength(1);

    // The Generate button: a full regroup, whose two answers both name a foreign id.
    const bad = grouping({ name: 'Stolen', wordIds: [...words.map((w) => w.id), foreign.id] });
    ai.enqueue(bad, bad);
    // The button does not wait for the cooldown.
    const response = await t.request('/api/groups/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(response.status).toBe(202);
    await t.services.groups.flush();
    expect(ai.requests).toHaveLength(3);
    expect(await groupsOf(user)).toEqual(before);
    await expect
      .poll(() => events.map((e) => e.kind), { timeout: 5_000 })
      .toContain('groups.failed');
    const links = await t.db
      .select()
      .from(schema.groupWords)
      .where(inArray(schema.groupWords.wordId, [foreign.id]));
    expect(links).toEqual([]);
  });

  it('a provider failure keeps the old groups', async () => {
    const user = await t.signUp();
    const words = [await save(user, 'gato'), await save(user, 'perro'), await save(user, 'pez')];
    ai.enqueue(grouping({ name: 'Animals', wordIds: words.map((w) => w.id) }));
    await t.services.groups.flush();
    const before = await groupsOf(user);

    ai.enqueue(fakeReply.for('word_groups', fakeReply.status(500)));
    await t.request('/api/groups/generate', { method: 'POST', cookie: user.cookie, json: {} });
    await t.services.groups.flush();
    expect(await groupsOf(user)).toEqual(before);
  });
});

describe('POST /api/groups/generate', () => {
  it('answers at once and counts against the quota of 3 per 300 s', async () => {
    const user = await t.signUp();
    for (const word of ['a1', 'a2', 'a3']) await save(user, word);
    for (let i = 0; i < AI_QUOTAS.groupGeneration.max; i += 1) {
      const response = await t.request('/api/groups/generate', {
        method: 'POST',
        cookie: user.cookie,
        json: {},
      });
      expect(response.status).toBe(202);
    }
    const refused = await t.request('/api/groups/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: {},
    });
    expect(refused.status).toBe(429);
    await t.services.groups.flush();
  });

  it('refuses fields it does not know', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/groups/generate', {
      method: 'POST',
      cookie: user.cookie,
      json: { userId: 'someone-else' },
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/groups/:id', () => {
  it('answers 404 for a group that is not there', async () => {
    const user = await t.signUp();
    const response = await t.request(`/api/groups/${randomUUID()}`, { cookie: user.cookie });
    expect(response.status).toBe(404);
  });
});
