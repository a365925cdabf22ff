import { schema, type Executor } from '@verba/db';
import type { RetentionPolicyTable, SchedulerParams } from '@verba/srs';
import { eq } from 'drizzle-orm';
import type { Logger } from '../../lib/logger.ts';
import { learnerRetentionPolicy } from './learner-policy.ts';

/** The learner's scheduler parameters and retention table, in one query. */
export async function learnerParams(
  db: Executor,
  userId: string,
  logger: Logger,
): Promise<{ params: SchedulerParams; policy: RetentionPolicyTable }> {
  const [row] = await db
    .select({
      weights: schema.learnerParameters.weights,
      desiredRetention: schema.learnerParameters.desiredRetention,
      retentionPolicy: schema.learnerParameters.retentionPolicy,
    })
    .from(schema.learnerParameters)
    .where(eq(schema.learnerParameters.userId, userId));
  const policy = learnerRetentionPolicy(row?.retentionPolicy ?? null, logger);
  if (!row) return { params: {}, policy };
  return {
    params: {
      desiredRetention: row.desiredRetention,
      ...(row.weights && row.weights.length === 21 ? { weights: row.weights } : {}),
    },
    policy,
  };
}
