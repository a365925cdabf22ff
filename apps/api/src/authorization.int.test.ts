import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from './testing/harness.ts';

/**
 * Every /api route, and how to call it. The test below fails when a route exists that this
 * table does not list, so each new route has to state who may call it.
 *
 * - `public`: anyone may call it; it must still never reveal another user's data.
 * - `user`: anonymous callers get 401; another signed-in user gets 404 for the owner's ids and
 *   never sees the owner's data.
 * - `operator`: for the people running the server, outside /api (Prometheus, `npm run backup`):
 *   refused to anyone without the operator's key, a signed-in learner included
 *   (security/operator-routes.int.test.ts covers who is let in).
 * - `admin`: anonymous callers get 401, every signed-in learner who is not an admin 403 (the owner
 *   here is the install's first account, so its admin).
 */
interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  access: 'public' | 'user' | 'operator' | 'admin';
  /** A valid body for the route, for the owner's data. */
  body?: (owner: OwnerData) => unknown;
  /** Values for the path's :params, taken from the owner's data. */
  params?: (owner: OwnerData) => Record<string, string>;
  /** A stream that stays open (server-sent events): only its first chunk is read. */
  stream?: boolean;
}

interface OwnerData {
  user: TestUser;
  wordId: string;
  /** The owner's open practice session. */
  sessionId: string;
  /** The owner's group. */
  groupId: string;
  /** Strings that only the owner's data contains; none may appear in another user's response. */
  secrets: string[];
}

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/metrics', access: 'operator' },
  { method: 'POST', path: '/operator/backup', access: 'operator' },
  // Public; its nightly-backup detail is for admins only (security/health-detail.int.test.ts).
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  {
    method: 'POST',
    path: '/api/auth/sign-up/email',
    access: 'public',
    body: () => ({ email: 'someone@example.com', password: 'x' }),
  },
  {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    access: 'public',
    body: (o) => ({ email: o.user.email, password: 'wrong-password' }),
  },
  { method: 'POST', path: '/api/auth/sign-out', access: 'public', body: () => ({}) },
  { method: 'GET', path: '/api/auth/get-session', access: 'public' },
  { method: 'GET', path: '/api/profile', access: 'user' },
  { method: 'GET', path: '/api/profile/stats', access: 'user' },
  { method: 'GET', path: '/api/stats', access: 'user' },
  {
    method: 'GET',
    path: '/api/stats/words/:id',
    access: 'user',
    params: (o) => ({ id: o.wordId }),
  },
  {
    method: 'PATCH',
    path: '/api/profile',
    access: 'user',
    body: () => ({ displayName: 'Intruder' }),
  },
  {
    method: 'POST',
    path: '/api/profile/onboarding',
    access: 'user',
    body: () => ({ nativeLanguage: 'fr', targetLanguage: 'de' }),
  },
  { method: 'GET', path: '/api/words', access: 'user' },
  {
    method: 'POST',
    path: '/api/words/generate',
    access: 'user',
    body: () => ({ word: 'OwnerSecretWord' }),
  },
  {
    method: 'POST',
    path: '/api/words',
    access: 'user',
    body: () => ({ id: randomUUID(), word: 'Intruder word', translation: 'x' }),
  },
  { method: 'GET', path: '/api/words/:id', access: 'user', params: (o) => ({ id: o.wordId }) },
  {
    method: 'PATCH',
    path: '/api/words/:id',
    access: 'user',
    params: (o) => ({ id: o.wordId }),
    body: () => ({ isFavorite: true, translation: 'Intruder' }),
  },
  { method: 'DELETE', path: '/api/words/:id', access: 'user', params: (o) => ({ id: o.wordId }) },
  {
    method: 'POST',
    path: '/api/words/:id/restore',
    access: 'user',
    params: (o) => ({ id: o.wordId }),
  },
  { method: 'POST', path: '/api/imports/preview', access: 'user', body: () => ({}) },
  { method: 'POST', path: '/api/imports', access: 'user', body: () => ({}) },
  { method: 'GET', path: '/api/imports/latest', access: 'user' },
  { method: 'GET', path: '/api/imports/:id', access: 'user', params: () => ({ id: randomUUID() }) },
  { method: 'GET', path: '/api/enrichment', access: 'user' },
  { method: 'GET', path: '/api/practice/feed', access: 'user' },
  { method: 'GET', path: '/api/practice/offline-words', access: 'user' },
  {
    method: 'POST',
    path: '/api/practice/sessions',
    access: 'user',
    // The owner's session id: taking it over must fail.
    body: (o) => ({ id: o.sessionId, mode: 'daily', timeZone: 'UTC' }),
  },
  {
    method: 'GET',
    path: '/api/practice/sessions/:id',
    access: 'user',
    params: (o) => ({ id: o.sessionId }),
  },
  {
    method: 'POST',
    path: '/api/practice/sessions/:id/answers',
    access: 'user',
    params: (o) => ({ id: o.sessionId }),
    body: () => ({
      id: randomUUID(),
      itemIndex: 0,
      answer: { type: 'flashcard', knew: true },
      responseTimeMs: 1_000,
    }),
  },
  {
    method: 'POST',
    path: '/api/practice/sessions/:id/undo',
    access: 'user',
    params: (o) => ({ id: o.sessionId }),
    body: () => ({ answerId: randomUUID() }),
  },
  {
    method: 'POST',
    path: '/api/practice/sync',
    access: 'user',
    // An answer to the owner's session: it must be refused, the session left as it was.
    body: (o) => ({
      entries: [
        {
          kind: 'answer',
          id: randomUUID(),
          at: new Date().toISOString(),
          timeZone: 'UTC',
          sessionId: o.sessionId,
          itemIndex: 0,
          answer: { type: 'flashcard', knew: true },
          responseTimeMs: 1_000,
        },
      ],
    }),
  },
  {
    method: 'POST',
    path: '/api/feedback',
    access: 'user',
    body: () => ({ feedbackType: 'general', message: 'Intruder feedback text' }),
  },
  {
    method: 'POST',
    path: '/api/client-errors',
    access: 'user',
    body: () => ({
      error_message: 'Intruder error',
      component: 'API',
      action: '/api/words',
      timestamp: new Date().toISOString(),
    }),
  },
  { method: 'GET', path: '/api/account/export', access: 'user' },
  { method: 'GET', path: '/api/account/export/anki', access: 'user' },
  { method: 'GET', path: '/api/account/export/csv', access: 'user' },
  { method: 'GET', path: '/api/account/export/tsv', access: 'user' },
  { method: 'GET', path: '/api/config', access: 'user' },
  {
    method: 'POST',
    path: '/api/account/password',
    access: 'user',
    body: () => ({ currentPassword: 'wrong-password', newPassword: 'intruder-harbour-lantern-9' }),
  },
  { method: 'GET', path: '/api/groups', access: 'user' },
  { method: 'GET', path: '/api/groups/:id', access: 'user', params: (o) => ({ id: o.groupId }) },
  { method: 'POST', path: '/api/groups/generate', access: 'user', body: () => ({}) },
  {
    method: 'DELETE',
    path: '/api/groups/:id',
    access: 'user',
    params: (o) => ({ id: o.groupId }),
  },
  {
    method: 'POST',
    path: '/api/groups/:id/restore',
    access: 'user',
    params: (o) => ({ id: o.groupId }),
  },
  { method: 'GET', path: '/api/suggestions', access: 'user' },
  { method: 'POST', path: '/api/suggestions/refresh', access: 'user', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/suggestions/add',
    access: 'user',
    body: () => ({ word: 'OwnerSecretSuggestion' }),
  },
  { method: 'GET', path: '/api/events', access: 'user', stream: true },
  { method: 'GET', path: '/api/auth/options', access: 'public' },
  {
    method: 'POST',
    path: '/api/auth/password-reset/request',
    access: 'public',
    body: (o) => ({ email: o.user.email }),
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    access: 'public',
    body: () => ({ token: 'a'.repeat(24), newPassword: 'intruder-harbour-lantern-9' }),
  },
  { method: 'POST', path: '/api/auth/sso', access: 'public', body: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/verify-email',
    access: 'public',
    body: () => ({ token: 'a'.repeat(40) }),
  },
  { method: 'POST', path: '/api/auth/verify-email/resend', access: 'user', body: () => ({}) },
  { method: 'GET', path: '/api/auth/callback/oidc', access: 'public' },
  { method: 'GET', path: '/api/admin/access', access: 'user' },
  { method: 'POST', path: '/api/sso/link', access: 'user', body: () => ({}) },
  { method: 'GET', path: '/api/admin', access: 'admin' },
  {
    method: 'PATCH',
    path: '/api/admin/accounts/:id',
    access: 'admin',
    params: (o) => ({ id: o.user.id }),
    body: () => ({ disabled: true }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/accounts/:id',
    access: 'admin',
    params: (o) => ({ id: o.user.id }),
  },
  {
    method: 'POST',
    path: '/api/admin/accounts/:id/reset-link',
    access: 'admin',
    params: (o) => ({ id: o.user.id }),
  },
  {
    method: 'POST',
    path: '/api/admin/invitations',
    access: 'admin',
    body: () => ({ maxUses: 1, expiresInDays: 1 }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/invitations/:id',
    access: 'admin',
    params: () => ({ id: randomUUID() }),
  },
  // Last: the intruder deletes their own account, and nothing of the owner's goes with it.
  {
    method: 'DELETE',
    path: '/api/account',
    access: 'user',
    body: () => ({ confirmation: 'DELETE' }),
  },
];

let t: TestHarness;
let owner: OwnerData;
let intruder: TestUser;

beforeAll(async () => {
  t = await TestHarness.start();
  const user = await t.signUp();
  await t.request('/api/profile', {
    method: 'PATCH',
    cookie: user.cookie,
    json: { displayName: 'Owner Secret Name' },
  });
  const word = await t.request('/api/words', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), word: 'OwnerSecretWord', translation: 'OwnerSecretTranslation' },
  });
  const wordId = ((await word.json()) as { id: string }).id;
  const session = await t.request('/api/practice/sessions', {
    method: 'POST',
    cookie: user.cookie,
    json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
  });
  const sessionId = ((await session.json()) as { id: string }).id;
  const [group] = await t.db
    .insert(schema.groups)
    .values({ userId: user.id, name: 'OwnerSecretGroup' })
    .returning({ id: schema.groups.id });
  const groupId = group?.id ?? '';
  await t.db.insert(schema.groupWords).values({ groupId, wordId });
  await t.db.insert(schema.wordSuggestionsCache).values({
    userId: user.id,
    suggestions: [
      { word: 'OwnerSecretSuggestion', translation: 'OwnerSecretMeaning', reason: 'Owner reason' },
    ],
  });
  owner = {
    user,
    wordId,
    sessionId,
    groupId,
    secrets: [
      user.id,
      user.email,
      'Owner Secret Name',
      'OwnerSecretWord',
      'OwnerSecretTranslation',
      wordId,
      sessionId,
      'OwnerSecretGroup',
      groupId,
      'OwnerSecretSuggestion',
      'OwnerSecretMeaning',
    ],
  };
  intruder = await t.signUp();
});
afterAll(() => t.close());

const call = (route: RouteCase, cookie?: string) => {
  const path = Object.entries(route.params?.(owner) ?? {}).reduce(
    (p, [k, v]) => p.replace(`:${k}`, v),
    route.path,
  );
  return t.request(path, {
    method: route.method,
    ...(cookie ? { cookie } : {}),
    ...(route.method === 'GET' ? {} : { json: route.body?.(owner) ?? {} }),
  });
};

/** The first chunk of a stream that stays open, which is then closed. */
async function firstChunk(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const { value } = await reader.read();
  await reader.cancel();
  return new TextDecoder().decode(value);
}

describe('the route table', () => {
  it('lists every /api route the app serves, and nothing else', () => {
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '*' && !r.path.includes('/*'))
      .map((r) => `${r.method} ${r.path}`);
    const listed = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].sort()).toEqual([...listed].sort());
  });
});

describe.each(ROUTES.filter((r) => r.access === 'user'))('$method $path', (route) => {
  it('answers 401 to an anonymous caller', async () => {
    const response = await call(route);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'UNAUTHORIZED',
    );
  });

  it("never shows another user the owner's data", async () => {
    const response = await call(route, intruder.cookie);
    if (route.params) expect(response.status).toBe(404);
    const text = route.stream ? await firstChunk(response) : await response.text();
    for (const secret of owner.secrets) expect(text).not.toContain(secret);
  });
});

describe.each(ROUTES.filter((r) => r.access === 'admin'))('$method $path (admin)', (route) => {
  it('answers 401 to an anonymous caller', async () => {
    expect((await call(route)).status).toBe(401);
  });

  it('answers 403 to a learner who is not an admin, and shows them nothing', async () => {
    // A learner of their own: the intruder above ends by deleting its account.
    const learner = await t.signUp();
    const response = await call(route, learner.cookie);
    expect(response.status).toBe(403);
    const text = await response.text();
    for (const secret of owner.secrets) expect(text).not.toContain(secret);
  });
});

describe.each(ROUTES.filter((r) => r.access === 'public'))('$method $path (public)', (route) => {
  it("reveals no user's data to an anonymous caller", async () => {
    const response = await call(route);
    expect(response.status).toBeLessThan(500);
    const text = await response.text();
    for (const secret of owner.secrets) expect(text).not.toContain(secret);
  });
});

describe.each(ROUTES.filter((r) => r.access === 'operator'))(
  '$method $path (operator)',
  (route) => {
    it('is refused to an anonymous caller and to a signed-in learner, with nothing of theirs', async () => {
      for (const cookie of [undefined, owner.user.cookie, intruder.cookie]) {
        const response = await call(route, cookie);
        expect(response.status).toBe(403);
        const text = await response.text();
        for (const secret of owner.secrets) expect(text).not.toContain(secret);
      }
    });
  },
);

describe('after all of the above', () => {
  it("left the owner's data untouched", async () => {
    const profile = await (await t.request('/api/profile', { cookie: owner.user.cookie })).json();
    expect(profile).toMatchObject({
      displayName: 'Owner Secret Name',
      onboardingCompleted: false,
      nativeLanguage: 'en',
    });
    const word = await t.request(`/api/words/${owner.wordId}`, { cookie: owner.user.cookie });
    expect(await word.json()).toMatchObject({
      word: 'OwnerSecretWord',
      translation: 'OwnerSecretTranslation',
      isFavorite: false,
    });
    const groups = await t.request('/api/groups', { cookie: owner.user.cookie });
    expect(await groups.json()).toMatchObject({ groups: [{ id: owner.groupId }] });
    const session = await t.request(`/api/practice/sessions/${owner.sessionId}`, {
      cookie: owner.user.cookie,
    });
    expect(session.status).toBe(200);
    const { items } = (await session.json()) as { items: { completed: boolean }[] };
    expect(items.every((i) => !i.completed)).toBe(true);
  });
});
