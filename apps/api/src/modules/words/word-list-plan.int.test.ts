import { schema } from '@verba/db';
import { listWordsQuerySchema } from '@verba/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../../testing/harness.ts';
import { wordListStatement } from './words.service.ts';

// A small server: three learners with 2,000 words each, vacuumed as autovacuum (or the embedded
// database's maintenance job) leaves it. With PostgreSQL's default cost of an out-of-order read
// the planner found a page's 50 rows by hashing the whole table and counted a search on every row
// of the learner's; the connections' planner settings (client.ts) make both read indexes.
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
  const cases: Record<string, string>[] = [{}, { sort: 'review' }, { search: 'or' }];
  it.each(cases)('reads the page by key, a count on the narrow index, for %o', async (query) => {
    const statement = wordListStatement(learner, listWordsQuerySchema.parse(query));
    const result = (await t.db.execute(sql`explain ${statement}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Hash Join|Seq Scan on words/);
    expect(plan).toMatch(/Index Scan using words_pkey/);
    if (query.search) expect(plan).toMatch(/Index Only Scan using words_user_search_idx/);
  });
});
