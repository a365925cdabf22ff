import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { expect } from 'vitest';
import { SAMPLE_CARD } from '../testing/sample-card.ts';
import { fakeReply, startFakeAiServer, type FakeAiServer } from '../testing/fake-ai-server.ts';
import { TestHarness, type TestUser } from '../testing/harness.ts';

/**
 * The API as the security suite attacks it: a real database, and an AI provider that always
 * answers well, so an AI route's answer says what the API did, not that no provider was there.
 * Sign-ups are not throttled: the suite signs up a learner per case it must keep apart.
 */
export async function startSecurityHarness(): Promise<{ t: TestHarness; ai: FakeAiServer }> {
  const ai = await startFakeAiServer({
    defaultReply: fakeReply.json(SAMPLE_CARD),
    defaultFor: {
      word_suggestions: fakeReply.json({
        suggestions: [{ word: 'el pan', translation: 'bread', reason: 'Everyday food' }],
      }),
      word_groups: fakeReply.json({ groups: [] }),
    },
  });
  const t = await TestHarness.start({
    env: { AI_BASE_URL: ai.url, AI_MODEL: 'fake-model', AUTH_RATE_LIMIT_SIGN_UP: '100000' },
  });
  return { t, ai };
}

/** A learner with one of everything: a word, an open practice session, a group, a suggestion. */
export interface Owner {
  user: TestUser;
  /** Every id of theirs an intruder could aim at. */
  ids: string[];
  /** Strings only their data contains: none may reach anyone else. */
  secrets: string[];
}

export async function seedOwner(t: TestHarness): Promise<Owner> {
  const user = await t.signUp();
  const call = async (path: string, method: string, json: unknown) => {
    const response = await t.request(path, { method, cookie: user.cookie, json });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as { id: string };
  };
  await call('/api/profile', 'PATCH', { displayName: 'Owner Secret Name' });
  const word = await call('/api/words', 'POST', {
    id: randomUUID(),
    word: 'OwnerSecretWord',
    translation: 'OwnerSecretTranslation',
  });
  const session = await call('/api/practice/sessions', 'POST', {
    id: randomUUID(),
    mode: 'daily',
    timeZone: 'UTC',
  });
  const [group] = await t.db
    .insert(schema.groups)
    .values({ userId: user.id, name: 'OwnerSecretGroup' })
    .returning({ id: schema.groups.id });
  const groupId = group?.id ?? '';
  await t.db.insert(schema.groupWords).values({ groupId, wordId: word.id });
  await t.db.insert(schema.wordSuggestionsCache).values({
    userId: user.id,
    suggestions: [
      { word: 'OwnerSecretSuggestion', translation: 'OwnerSecretMeaning', reason: 'Owner reason' },
    ],
  });
  return {
    user,
    ids: [word.id, session.id, groupId],
    secrets: [
      user.id,
      user.email,
      'Owner Secret Name',
      'OwnerSecretWord',
      'OwnerSecretTranslation',
      word.id,
      session.id,
      'OwnerSecretGroup',
      groupId,
      'OwnerSecretSuggestion',
      'OwnerSecretMeaning',
    ],
  };
}

/** Everything the learner's account holds, as their data export gives it, without its time. */
export async function exportOf(t: TestHarness, user: TestUser): Promise<unknown> {
  const response = await t.request('/api/account/export', { cookie: user.cookie });
  expect(response.status).toBe(200);
  const { exportedAt: _at, ...data } = (await response.json()) as Record<string, unknown>;
  return data;
}

/** Reads an answer's text; a stream (server-sent events) only up to its first chunk. */
export async function answerText(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.includes('text/event-stream')) return response.text();
  const reader = response.body?.getReader();
  if (!reader) return '';
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}
