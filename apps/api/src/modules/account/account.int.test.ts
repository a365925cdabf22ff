import { randomUUID } from 'node:crypto';
import { schema } from '@verba/db';
import { ACCOUNT_TEXT } from '@verba/shared';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, sessionCookie, TestHarness, type TestUser } from '../../testing/harness.ts';
import { seedLearnerData } from '../../testing/learner-data.ts';

// Two API processes on one database: what one ends, the other must refuse within 5 seconds.
let first: TestHarness;
let second: TestHarness;
beforeAll(async () => {
  first = await TestHarness.start();
  second = await TestHarness.onDatabase(first.database, {}, await first.database.connectAgain());
});
afterAll(() => first.close());

const NEW_PASSWORD = 'quiet-meadow-compass-77';

async function signIn(email: string, password = GOOD_PASSWORD): Promise<Response> {
  return first.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
}

const status = async (t: TestHarness, cookie: string) =>
  (await t.request('/api/profile', { cookie })).status;

const pollStatus = (t: TestHarness, cookie: string) =>
  expect.poll(() => status(t, cookie), { timeout: 5_000, interval: 50 });

/** Every row of the learner's, table by table. */
async function rowsOf(userId: string) {
  const db = first.db;
  const count = async (table: string, column = 'user_id') => {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
    return rows[0]?.n ?? 0;
  };
  return {
    user: await count('user', 'id'),
    account: await count('account'),
    session: await count('session'),
    profiles: await count('profiles', 'id'),
    words: await count('words'),
    daily_practice_sessions: await count('daily_practice_sessions'),
    review_log: await count('review_log'),
    groups: await count('groups'),
    user_feedback: await count('user_feedback'),
    deleted_items: await count('deleted_items'),
  };
}

describe('changing the password', () => {
  it('needs the current password and keeps the sign-up strength rules', async () => {
    const user = await first.signUp();
    const change = (json: unknown) =>
      first.request('/api/account/password', { method: 'POST', cookie: user.cookie, json });
    const wrong = await change({ currentPassword: 'not-my-password', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe(
      ACCOUNT_TEXT.wrongCurrentPassword,
    );
    const weak = await change({ currentPassword: GOOD_PASSWORD, newPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { error: { message: string } }).error.message).toMatch(
      /^Password is too weak\./,
    );
    const short = await change({ currentPassword: GOOD_PASSWORD, newPassword: 'abc' });
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe(
      'Password must be at least 6 characters',
    );
    const missing = await change({ newPassword: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    // Nothing changed: the old password still signs in.
    expect((await signIn(user.email)).status).toBe(200);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(401);
  });

  it('throttles wrong current passwords like wrong sign-ins, for that learner only', async () => {
    // A process whose backoff is long enough that no slow password hash can outlast it.
    const generous = { max: 1000, windowSeconds: 3600 };
    const strict = await TestHarness.onDatabase(first.database, {
      rateLimits: {
        signInPerIp: generous,
        signUpPerIp: generous,
        signUpPerAccount: generous,
        weakPasswordsPerIp: generous,
        signInFailures: {
          freeFailures: 3,
          firstDelaySeconds: 600,
          maxDelaySeconds: 900,
          forgetAfterSeconds: 3600,
        },
      },
    });
    const user = await strict.signUp();
    const other = await strict.signUp();
    const change = (who: TestUser, currentPassword: string) =>
      strict.request('/api/account/password', {
        method: 'POST',
        cookie: who.cookie,
        json: { currentPassword, newPassword: NEW_PASSWORD },
      });
    for (let i = 0; i < 3; i += 1) expect((await change(user, `guess-${i}`)).status).toBe(400);
    // Now each further try waits, even one with the right password.
    const held = await change(user, GOOD_PASSWORD);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(user.email)).status).toBe(200);
    expect((await change(other, 'a-wrong-guess')).status).toBe(400);
    await strict.stop();
  });

  it('ends every other session on every process, and this device stays signed in', async () => {
    const user = await first.signUp();
    const otherDevice = sessionCookie(await signIn(user.email));
    expect(await status(second, otherDevice)).toBe(200);
    expect(await status(first, otherDevice)).toBe(200);

    const response = await second.request('/api/account/password', {
      method: 'POST',
      cookie: user.cookie,
      json: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(response.status).toBe(200);
    const renewed = sessionCookie(response);

    await pollStatus(first, otherDevice).toBe(401);
    await pollStatus(second, otherDevice).toBe(401);
    expect(await status(first, renewed)).toBe(200);
    expect(await status(second, renewed)).toBe(200);
    expect((await signIn(user.email)).status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('deleting the account', () => {
  let doomed: TestUser;
  let bystander: TestUser;
  beforeAll(async () => {
    // An underscore in an email is a LIKE wildcard: the look-alike's counters must survive.
    const name = `doomed_${Date.now()}`;
    doomed = await first.signUp(`${name}@example.com`);
    bystander = await first.signUp(`${name.replace('_', '.')}@example.com`);
    await seedLearnerData(first.db, doomed.id, 'doomed');
    await seedLearnerData(first.db, bystander.id, 'bystander');
    // Counters of both in the rate-limit table, and a deleted word each, still restorable.
    for (const u of [doomed, bystander]) {
      const id = randomUUID();
      await first.request('/api/words', {
        method: 'POST',
        cookie: u.cookie,
        json: { id, word: 'borrada', translation: 'deleted' },
      });
      await first.request(`/api/words/${id}`, { method: 'DELETE', cookie: u.cookie });
      await first.request('/api/feedback', {
        method: 'POST',
        cookie: u.cookie,
        json: { feedbackType: 'general', message: 'A note before leaving' },
      });
    }
  });

  it('needs the typed confirmation', async () => {
    for (const json of [{}, { confirmation: 'delete' }, { confirmation: 'yes' }]) {
      const response = await first.request('/api/account', {
        method: 'DELETE',
        cookie: doomed.cookie,
        json,
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        ACCOUNT_TEXT.deleteConfirmationMismatch,
      );
    }
    expect((await rowsOf(doomed.id)).words).toBe(3);
  });

  it("removes every row of the learner's, nothing of anyone else's, and ends the sessions everywhere", async () => {
    const otherDevice = sessionCookie(await signIn(doomed.email));
    expect(await status(second, otherDevice)).toBe(200);
    const before = await rowsOf(bystander.id);
    expect(Object.values(await rowsOf(doomed.id)).every((n) => n > 0)).toBe(true);

    const response = await first.request('/api/account', {
      method: 'DELETE',
      cookie: doomed.cookie,
      json: { confirmation: ACCOUNT_TEXT.deleteConfirmation },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;/);

    expect(Object.values(await rowsOf(doomed.id)).every((n) => n === 0)).toBe(true);
    const rateLimits = await first.db
      .select()
      .from(schema.rateLimits)
      .where(like(schema.rateLimits.key, `%${doomed.id}%`));
    expect(rateLimits).toEqual([]);
    expect(await rowsOf(bystander.id)).toEqual(before);
    const lookAlike = await first.db
      .select()
      .from(schema.rateLimits)
      .where(like(schema.rateLimits.key, `%:account:${bystander.email}:%`));
    expect(lookAlike.length).toBeGreaterThan(0);
    const [group] = await first.db
      .select()
      .from(schema.groups)
      .where(eq(schema.groups.userId, bystander.id));
    expect(
      await first.db
        .select()
        .from(schema.groupWords)
        .where(eq(schema.groupWords.groupId, group?.id ?? '')),
    ).toHaveLength(3);

    expect(await status(first, doomed.cookie)).toBe(401);
    await pollStatus(second, doomed.cookie).toBe(401);
    await pollStatus(second, otherDevice).toBe(401);
    await pollStatus(first, otherDevice).toBe(401);
    expect((await signIn(doomed.email)).status).toBe(401);
    expect(await status(first, bystander.cookie)).toBe(200);
  });
});

describe('downloading my data', () => {
  it("holds exactly the learner's profile, words, review log, sessions, scheduler, groups and feedback", async () => {
    const user = await first.signUp();
    const other = await first.signUp();
    const mine = await seedLearnerData(first.db, user.id, 'mine');
    await seedLearnerData(first.db, other.id, 'theirs');
    const response = await first.request('/api/account/export', { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const text = await response.text();
    expect(text).not.toContain('theirs');
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain('password');
    const data = JSON.parse(text) as Record<
      'words' | 'reviewLog' | 'sessions' | 'groups' | 'feedback',
      unknown[]
    > & {
      profile: unknown;
      scheduler: unknown;
    };
    expect(Object.keys(data).sort()).toEqual(
      [
        'exportedAt',
        'feedback',
        'format',
        'groups',
        'profile',
        'reviewLog',
        'scheduler',
        'sessions',
        'streak',
        'version',
        'words',
      ].sort(),
    );
    expect(data.scheduler).toMatchObject({
      weights: Array.from({ length: 21 }, (_, i) => i + 'mine'.length / 100),
      desiredRetention: 0.9,
      reviewsAtFit: 3,
    });
    expect(data.profile).toMatchObject({
      id: user.id,
      email: user.email,
      totalWords: 3,
      masteredWords: 1,
    });
    expect(data.words.map((w) => (w as { id: string }).id).sort()).toEqual(
      [...mine.wordIds].sort(),
    );
    // The server's own orders stay out.
    expect(data.words[0]).not.toHaveProperty('sampleKey');
    expect(data.words[0]).not.toHaveProperty('sortKey');
    expect(data.reviewLog).toHaveLength(3);
    expect(data.sessions).toMatchObject([{ id: mine.sessionId }]);
    expect(data.groups).toMatchObject([{ id: mine.groupId, name: 'mine-group' }]);
    expect((data.groups[0] as { wordIds: string[] }).wordIds.sort()).toEqual(
      [...mine.wordIds].sort(),
    );
    expect(data.feedback).toMatchObject([
      { feedbackType: 'bug', message: 'mine found a bug in the list' },
    ]);
  });
});
