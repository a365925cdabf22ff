import type { Database } from '@verba/db';
import { listWordsQuerySchema, type ListWordsQuery } from '@verba/shared';
import { sql } from 'drizzle-orm';
import { wordListQuery } from '../modules/words/words.service.ts';

/** A value as an SQL literal (standard strings: only the quote is doubled). */
const literal = (value: unknown) =>
  typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;

/**
 * How the database runs a learner's word list, as EXPLAIN text: the plan made for these values
 * (a prepared statement's first five runs) and the generic plan PostgreSQL caches after that,
 * which every later run uses whatever the values.
 */
export async function wordListPlans(
  db: Database,
  user: { id: string },
  query: ListWordsQuery,
): Promise<{ custom: string; cached: string }> {
  const { text, values } = wordListQuery(user, listWordsQuerySchema.parse(query));
  return db.transaction(async (tx) => {
    const explain = async (mode: 'force_custom_plan' | 'force_generic_plan') => {
      await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
      const result = (await tx.execute(
        sql.raw(`explain execute word_list_plan(${values.map(literal).join(', ')})`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    await tx.execute(sql.raw(`prepare word_list_plan as ${text}`));
    const plans = {
      custom: await explain('force_custom_plan'),
      cached: await explain('force_generic_plan'),
    };
    await tx.execute(sql.raw('deallocate word_list_plan'));
    return plans;
  });
}
