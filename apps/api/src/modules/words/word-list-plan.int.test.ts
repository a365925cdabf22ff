import { schema } from '@verba/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { wordListPlans } from '../../testing/word-list-plans.ts';

// A small server: three learners with 2,000 words each, vacuumed as autovacuum (or the embedded
// database's maintenance job) leaves it. With PostgreSQL's default cost of an out-of-order read
// the planner found a page's 50 rows by hashing the whole table; the connections' planner
// settings (client.ts) make it read indexes. A search walks the list's order on its index, which
// holds the search text: a page of a common search stops early, a rare one reads only the
// learner's index entries, never rows.
let t: TestHarness;
let learner: TestUser;
beforeAll(async () => {
  t = await TestHarness.start();
  learner = await t.signUp();
  for (const user of [learner, await t.signUp(), await t.signUp()]) {
    await t.db.execute(sql`
      insert into ${schema.words} (user_id, word, translation, next_review_date)
      select ${user.id}, 'palabra ' || n, 'word for ' || n, now() + (n % 97) * interval '1 hour'
      from generate_series(1, 2000) as n`);
  }
  await t.db.execute(sql`vacuum analyze ${schema.words}`);
});
afterAll(() => t.close());

describe('word list query plans on a small server', () => {
  const cases: Record<string, string>[] = [
    {},
    { sort: 'review' },
    { sort: 'alphabetical' },
    { search: 'or' },
    { search: 'zzz' },
    { search: 'zzz', sort: 'review' },
    { search: 'zzz', sort: 'alphabetical' },
  ];
  it.each(cases)('reads the page by key from an index, for %o', async (query) => {
    const { custom, cached } = await wordListPlans(t.db, learner, query);
    for (const plan of [custom, cached]) {
      expect(plan).not.toMatch(/Hash Join|Seq Scan on words/);
      expect(plan).toMatch(/Index Scan using words_pkey/);
      if (query.search)
        expect(plan).toMatch(/Index Only Scan using words_user_(created|next_review|sort_key)_idx/);
    }
    // The cached plan lowers the search pattern once, not for every index entry it reads.
    expect(cached).not.toMatch(/Filter: .*lower\(/);
  });
});
