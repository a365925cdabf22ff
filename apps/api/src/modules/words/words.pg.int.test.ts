import { schema } from '@verba/db';
import { WORD_FILTERS, WORD_SORTS } from '@verba/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { wordListPlans } from '../../testing/word-list-plans.ts';

// PostgreSQL only (vitest.config.ts): the planner's choices on a server with many learners.
// A learner with 5,000 words among 45,000 words of others: no list query may read the others'.
let t: TestHarness;
let learner: TestUser;
beforeAll(async () => {
  t = await TestHarness.start();
  learner = await t.signUp();
  const others = await Promise.all(Array.from({ length: 9 }, () => t.signUp()));
  for (const user of [learner, ...others]) {
    await t.db.execute(sql`
      insert into ${schema.words} (user_id, word, translation, mastered, is_favorite, next_review_date)
      select ${user.id}, 'palabra ' || n, 'word ' || n, n % 4 = 0, n % 25 = 0,
             now() + (n % 97) * interval '1 hour'
      from generate_series(1, 5000) as n`);
  }
  await t.db.execute(sql`analyze ${schema.words}`);
});
afterAll(() => t.close());

describe('word list query plans with many learners', () => {
  const cases: Record<string, string>[] = [
    ...WORD_SORTS.map((sort) => ({ sort })),
    ...WORD_FILTERS.map((filter) => ({ filter })),
    { search: 'palabra 12' },
    { search: 'word', filter: 'mastered', sort: 'review' },
  ];
  it.each(cases)('reads only the learner’s rows for %o', async (query) => {
    const { custom, cached } = await wordListPlans(t.db, learner, query);
    for (const plan of [custom, cached]) {
      expect(plan).not.toMatch(/Seq Scan on words/);
      expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
  });
});
