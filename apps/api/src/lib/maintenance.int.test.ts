import { maintainEmbeddedDatabase, schema } from '@verba/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestHarness, type TestUser } from '../testing/harness.ts';
import { wordListPlans } from '../testing/word-list-plans.ts';

let t: TestHarness;
let learner: TestUser;
beforeAll(async () => {
  t = await TestHarness.start();
  learner = await t.signUp();
});
afterAll(() => t.close());

describe('planner statistics', () => {
  it('a page of a large collection reads the list index in order instead of sorting every word', async () => {
    await t.db.insert(schema.words).values(
      Array.from({ length: 3_000 }, (_, i) => ({
        userId: learner.id,
        word: `palabra ${i}`,
        translation: `word ${i}`,
      })),
    );
    const handle = t.database.handle;
    if (handle.kind === 'pglite') {
      // No autovacuum in single-user mode: the maintenance job does its work.
      expect(await maintainEmbeddedDatabase(handle)).toContain('words');
      // Nothing changed since: nothing to do.
      expect(await maintainEmbeddedDatabase(handle)).not.toContain('words');
    } else {
      // PostgreSQL's own autovacuum analyzes; maintenance leaves it alone.
      expect(await maintainEmbeddedDatabase(handle)).toEqual([]);
      await handle.client.query('analyze words');
    }
    // The plan made for these values, the one statistics steer.
    const plan = (await wordListPlans(t.db, learner, {})).custom;
    expect(plan).toContain('words_user_created_idx');
    // Sorting the learner's words would name their columns; the page's 50 rows may be sorted.
    expect(plan).not.toMatch(/Sort Key: (words\.)?created_at/);
  });
});
