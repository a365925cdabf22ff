import { maintainEmbeddedDatabase, type DatabaseHandle } from '@verba/db';
import { createAiProvider, type AiProvider } from './ai/index.ts';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import { authRateLimits, type AuthRateLimits } from './lib/auth-throttle.ts';
import type { Services } from './lib/context.ts';
import { createDeviceCookies } from './lib/device-cookie.ts';
import { createEvents } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import { createSessions } from './lib/sessions.ts';
import { createGroupGeneration } from './modules/groups/groups.service.ts';
import { createLiveness } from './modules/health/liveness.ts';
import { purgeDeleted } from './modules/deleted-items/deleted-items.ts';
import { cleanupExpiredSessions } from './modules/practice/jobs.ts';
import { periodicJob } from './lib/periodic-job.ts';
import { createRefitQueue, refitLock } from './modules/practice/refit.ts';

/** How often the embedded database's tables are checked for analyze and vacuum. */
const MAINTENANCE_INTERVAL_MS = 10_000;

export interface ServiceInputs {
  env: Env;
  /** The database; a second handle on the same database stands for a second server process. */
  database: DatabaseHandle;
  logger: Logger;
  secret: string;
  rateLimits?: AuthRateLimits;
  /** The time now; tests pass a clock they move themselves. */
  clock?: () => Date;
  /** The AI provider; by default the one the AI_* settings describe. */
  ai?: AiProvider;
  /** Least time between two grouping runs of one learner. */
  groupingCooldownMs?: number;
}

/** How often unfinished practice sessions of past days are cleaned up. */
const PRACTICE_CLEANUP_INTERVAL_MS = 15 * 60_000;
/** How often deleted words and groups whose undo window is over are removed for good. */
const DELETED_PURGE_INTERVAL_MS = 60_000;

/** Wires the services every request gets; the server entry and the tests both build them here. */
export async function buildServices({
  env,
  database,
  logger,
  secret,
  rateLimits,
  clock = () => new Date(),
  ai,
  groupingCooldownMs,
}: ServiceInputs): Promise<Services> {
  const { db } = database;
  const auth = createAuth({ db, secret, publicUrl: env.PUBLIC_URL, logger });
  const events = await createEvents(database, logger);
  const sessions = createSessions({ auth, events, now: () => clock().getTime() });
  // The embedded database has no autovacuum of its own (packages/db/src/maintenance.ts).
  const maintenance = periodicJob(
    'database maintenance',
    async () => void (await maintainEmbeddedDatabase(database)),
    MAINTENANCE_INTERVAL_MS,
    logger,
  );
  // Unfinished practice sessions whose day is over go in the background, never on a request.
  const sessionCleanup = periodicJob(
    'practice session clean-up',
    async () => {
      const removed = await cleanupExpiredSessions(db, clock());
      if (removed > 0) logger.info({ removed }, 'expired practice sessions removed');
    },
    PRACTICE_CLEANUP_INTERVAL_MS,
    logger,
  );
  // Deleted words and groups stay restorable for the undo window only (docs/decisions/018).
  const deletedPurge = periodicJob(
    'deleted items purge',
    async () => void (await purgeDeleted(db, clock())),
    DELETED_PURGE_INTERVAL_MS,
    logger,
  );
  // Learners' scheduler parameters are refitted one at a time, after the answer that asked.
  const refit = createRefitQueue({ db, lock: refitLock(database), clock, logger, events });
  const provider = ai ?? createAiProvider(env);
  const groups = createGroupGeneration(
    { db, ai: provider, events, logger, env, clock },
    groupingCooldownMs === undefined ? {} : { cooldownMs: groupingCooldownMs },
  );
  return {
    env,
    db,
    databaseKind: database.kind,
    logger,
    auth,
    events,
    sessions,
    liveness: createLiveness(db),
    groups,
    ai: provider,
    rateLimits: rateLimits ?? authRateLimits(env),
    devices: createDeviceCookies(secret, env.PUBLIC_URL.startsWith('https://')),
    clock,
    jobs: { sessionCleanup, refit, maintenance, deletedPurge },
    close: async () => {
      await sessionCleanup.stop();
      await deletedPurge.stop();
      await refit.stop();
      groups.close();
      await groups.idle();
      sessions.close();
      await maintenance.stop();
      await events.close();
    },
  };
}
