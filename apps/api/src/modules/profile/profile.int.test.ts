import { schema } from '@verba/db';
import { VALIDATION } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, TestHarness } from '../../testing/harness.ts';
import { seedLearnerData } from '../../testing/learner-data.ts';

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

describe('profile', () => {
  it('starts with the default languages and onboarding not done', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/profile', { cookie: user.cookie });
    expect(await response.json()).toEqual({
      id: user.id,
      email: user.email,
      displayName: null,
      nativeLanguage: 'en',
      targetLanguage: 'es',
      onboardingCompleted: false,
      analyticsEnabled: true,
      totalWords: 0,
      masteredWords: 0,
      currentStreak: 0,
      totalStudyTime: 0,
    });
  });

  it('completes onboarding with the chosen languages, and a repeat changes nothing more', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 2; i++) {
      const response = await t.request('/api/profile/onboarding', {
        method: 'POST',
        cookie: user.cookie,
        json: { nativeLanguage: 'de', targetLanguage: 'ja' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        nativeLanguage: 'de',
        targetLanguage: 'ja',
        onboardingCompleted: true,
      });
    }
  });

  it.each([
    [{ nativeLanguage: 'fr', targetLanguage: 'fr' }, VALIDATION.languagesMustDiffer],
    [{ nativeLanguage: 'xx', targetLanguage: 'fr' }, 'Unknown language'],
    [{ nativeLanguage: 'en' }, 'Unknown language'],
    [
      { nativeLanguage: 'en', targetLanguage: 'es', onboardingCompleted: false },
      'Unrecognized key: "onboardingCompleted"',
    ],
  ])('refuses onboarding with %j', async (json, message) => {
    const user = await t.signUp();
    const response = await t.request('/api/profile/onboarding', {
      method: 'POST',
      cookie: user.cookie,
      json,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    const profile = await (await t.request('/api/profile', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({
      onboardingCompleted: false,
      nativeLanguage: 'en',
      targetLanguage: 'es',
    });
  });

  it('updates the display name, languages and analytics preference', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: '  Ana  ', targetLanguage: 'it', analyticsEnabled: false },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      displayName: 'Ana',
      nativeLanguage: 'en',
      targetLanguage: 'it',
      analyticsEnabled: false,
    });
    const cleared = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { displayName: '' },
    });
    expect(await cleared.json()).toMatchObject({ displayName: null });
  });

  it('refuses a change that would make both languages the same', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      json: { targetLanguage: 'en' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      VALIDATION.languagesMustDiffer,
    );
  });

  it('reading never writes: a missing profile is a 404 until signing in repairs it', async () => {
    const user = await t.signUp();
    await t.db.delete(schema.profiles).where(eq(schema.profiles.id, user.id));
    expect((await t.request('/api/profile', { cookie: user.cookie })).status).toBe(404);
    expect(
      await t.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id)),
    ).toEqual([]);
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: GOOD_PASSWORD },
    });
    expect(signIn.status).toBe(200);
    expect((await t.request('/api/profile', { cookie: user.cookie })).status).toBe(200);
  });
});

describe('progress stats', () => {
  it('are counted from the words when the profile screen opens, and reading writes nothing', async () => {
    const user = await t.signUp();
    await seedLearnerData(t.db, user.id, 'stats');
    // The stored counters are stale (as if an update had been lost); the read does not use them.
    await t.db
      .update(schema.profiles)
      .set({
        totalWords: 40,
        masteredWords: 9,
        currentStreak: 7,
        totalStudyTime: 125,
        // Studied yesterday (UTC, the zone of a profile that never practised): the streak stands.
        lastStudyDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      })
      .where(eq(schema.profiles.id, user.id));
    const [before] = await t.db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.id, user.id));
    const profile = await (await t.request('/api/profile/stats', { cookie: user.cookie })).json();
    expect(profile).toMatchObject({
      totalWords: 3,
      masteredWords: 1,
      currentStreak: 7,
      totalStudyTime: 125,
    });
    const [after] = await t.db
      .select()
      .from(schema.profiles)
      .where(eq(schema.profiles.id, user.id));
    expect(after).toEqual(before);
  });
});
