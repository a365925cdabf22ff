import { schema } from '@verba/db';
import { FEEDBACK_RATE_LIMIT, VALIDATION } from '@verba/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness } from '../../testing/harness.ts';

let t: TestHarness;
beforeAll(async () => {
  t = await TestHarness.start();
});
afterAll(() => t.close());

const errorMessage = async (response: Response) =>
  ((await response.json()) as { error: { message: string } }).error.message;

describe('POST /api/feedback', () => {
  it('stores the trimmed message with its type and rating for the learner', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/feedback', {
      method: 'POST',
      cookie: user.cookie,
      json: { feedbackType: 'feature', message: '   Please add dark flashcards   ', rating: '4' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      feedbackType: 'feature',
      message: 'Please add dark flashcards',
      rating: 4,
    });
    const rows = await t.db
      .select()
      .from(schema.userFeedback)
      .where(eq(schema.userFeedback.userId, user.id));
    expect(rows).toMatchObject([
      { feedbackType: 'feature', message: 'Please add dark flashcards', rating: 4 },
    ]);
  });

  it('takes no rating', async () => {
    const user = await t.signUp();
    const response = await t.request('/api/feedback', {
      method: 'POST',
      cookie: user.cookie,
      json: { feedbackType: 'general', message: 'Nice little app.' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ rating: null });
  });

  it.each([
    [{ message: 'A long enough message' }, VALIDATION.feedbackTypeRequired],
    [{ feedbackType: 'praise', message: 'A long enough message' }, VALIDATION.feedbackTypeRequired],
    [{ feedbackType: 'bug', message: '   too short   ' }, VALIDATION.feedbackTooShort],
    [{ feedbackType: 'bug', message: 'x'.repeat(1001) }, VALIDATION.feedbackTooLong],
    [
      { feedbackType: 'bug', message: 'A long enough message', rating: 6 },
      'Rating must be between 1 and 5',
    ],
    [
      { feedbackType: 'bug', message: 'A long enough message', rating: 2.5 },
      'Rating must be a whole number',
    ],
    [
      { feedbackType: 'bug', message: 'A long\u0000 enough message' },
      'Text must not contain control characters or invalid Unicode',
    ],
  ])('refuses %j with the spec message', async (json, message) => {
    const user = await t.signUp();
    const response = await t.request('/api/feedback', {
      method: 'POST',
      cookie: user.cookie,
      json,
    });
    expect(response.status).toBe(400);
    expect(await errorMessage(response)).toBe(message);
    const rows = await t.db
      .select()
      .from(schema.userFeedback)
      .where(eq(schema.userFeedback.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('accepts exactly 10 and exactly 1000 characters, lines included', async () => {
    const user = await t.signUp();
    for (const message of ['0123456789', `${'y'.repeat(998)}\n\n`, `line one\nline two`]) {
      const response = await t.request('/api/feedback', {
        method: 'POST',
        cookie: user.cookie,
        json: { feedbackType: 'bug', message },
      });
      expect(response.status).toBe(201);
    }
  });

  it('is rate limited per learner, not for everyone', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const send = (cookie: string) =>
      t.request('/api/feedback', {
        method: 'POST',
        cookie,
        json: { feedbackType: 'general', message: 'One more thought on it' },
      });
    for (let i = 0; i < FEEDBACK_RATE_LIMIT.max; i++)
      expect((await send(user.cookie)).status).toBe(201);
    const refused = await send(user.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await send(other.cookie)).status).toBe(201);
    const rows = await t.db
      .select()
      .from(schema.userFeedback)
      .where(eq(schema.userFeedback.userId, user.id));
    expect(rows).toHaveLength(FEEDBACK_RATE_LIMIT.max);
  });
});
