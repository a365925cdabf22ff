import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from './testing/harness.ts';

// Two API processes on one database, each with its own connections (on PostgreSQL, its own pool).
let first: TestHarness;
let second: TestHarness;
beforeAll(async () => {
  first = await TestHarness.start();
  second = await TestHarness.onDatabase(first.database, {}, await first.database.connectAgain());
});
afterAll(() => first.close());

describe('several API processes on one database', () => {
  it('accept each other’s sessions, and a sign-out on one ends it on the other', async () => {
    const user = await first.signUp();
    const onSecond = await second.request('/api/profile', { cookie: user.cookie });
    expect(onSecond.status).toBe(200);
    expect(await onSecond.json()).toMatchObject({ id: user.id, email: user.email });

    await second.request('/api/profile/onboarding', {
      method: 'POST',
      cookie: user.cookie,
      json: { nativeLanguage: 'pl', targetLanguage: 'en' },
    });
    expect(
      await (await first.request('/api/profile', { cookie: user.cookie })).json(),
    ).toMatchObject({ onboardingCompleted: true });

    expect(
      (
        await second.request('/api/auth/sign-out', {
          method: 'POST',
          cookie: user.cookie,
          json: {},
        })
      ).status,
    ).toBe(200);
    // The other process hears of it through the database within seconds.
    await expect
      .poll(async () => (await first.request('/api/profile', { cookie: user.cookie })).status, {
        timeout: 5_000,
        interval: 50,
      })
      .toBe(401);
  });
});
