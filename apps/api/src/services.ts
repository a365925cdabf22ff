import { maintainEmbeddedDatabase, type DatabaseHandle } from '@verba/db';
import { createAiProvider, type AiProvider } from './ai/index.ts';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import { authRateLimits, type AuthRateLimits } from './lib/auth-rate-limits.ts';
import type { Services } from './app-env.ts';
import { createDeviceCookies } from './lib/device-cookie.ts';
import { createDraining } from './lib/draining.ts';
import { createEvents } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import { createMailer } from './lib/mail.ts';
import { createSessions } from './lib/sessions.ts';
import { createBackups } from './modules/backup/backups.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { createWordEnrichment } from './modules/enrichment/word-enrichment.ts';
import { createGroupGeneration } from './modules/groups/groups.service.ts';
import { createLiveness } from './modules/health/liveness.ts';
import { purgeDeleted } from './modules/deleted-items/deleted-items.ts';
import { cleanupExpiredSessions } from './modules/practice/jobs.ts';
import { periodicJob } from './lib/periodic-job.ts';
import { createRefitQueue, refitLock } from './modules/scheduling/refit.ts';
import type { WordFigures } from './modules/stats/stats.service.ts';
import { createWordFiguresCache } from './modules/stats/word-figures-cache.ts';

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
  /** Chance for practice; by default Math.random. */
  random?: () => number;
  /** The scheduler's chance (`random` by default); null schedules FSRS's exact intervals. */
  scheduleRandom?: (() => number) | null;
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
  random = Math.random,
  scheduleRandom = random,
  ai,
  groupingCooldownMs,
}: ServiceInputs): Promise<Services> {
  const { db } = database;
  const mailer = createMailer(env, logger);
  const auth = createAuth({
    db,
    secret,
    publicUrl: env.PUBLIC_URL,
    logger,
    mailer,
    signup: { SIGNUP: env.SIGNUP, ADMIN_EMAILS: env.ADMIN_EMAILS },
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : null,
  });
  const events = await createEvents(database, logger);
  const sessions = createSessions({ auth, events, now: () => clock().getTime() });
  const wordFigures = createWordFiguresCache<WordFigures>(events);
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
  const metrics = createMetrics({
    database,
    queues: { refit: () => refit.size() },
  });
  const provider =
    ai ??
    createAiProvider(env, {
      fetch: metrics.countingFetch(env.AI_BASE_URL ? new URL(env.AI_BASE_URL).host : 'none'),
    });
  const backups = createBackups(database, env, logger, secret);
  const groups = createGroupGeneration(
    { db, ai: provider, events, logger, env, clock },
    groupingCooldownMs === undefined ? {} : { cooldownMs: groupingCooldownMs },
  );
  const enrichment = createWordEnrichment({ db, ai: provider, env, events, logger, clock });
  const draining = createDraining();
  return {
    env,
    db,
    databaseKind: database.kind,
    logger,
    auth,
    mailer,
    events,
    sessions,
    wordFigures,
    liveness: createLiveness(db),
    groups,
    enrichment,
    ai: provider,
    rateLimits: rateLimits ?? authRateLimits(env),
    devices: createDeviceCookies(secret, env.PUBLIC_URL.startsWith('https://')),
    clock,
    metrics,
    backups,
    draining,
    random,
    scheduleRandom,
    jobs: { sessionCleanup, refit, maintenance, deletedPurge },
    // Running jobs and requests finish (each writes in transactions of its own, so one cut short
    // by the shutdown's deadline rolls back); no new ones start. Then the events connection goes.
    close: async () => {
      draining.begin();
      groups.close();
      await Promise.all([
        backups.stop(),
        sessionCleanup.stop(),
        deletedPurge.stop(),
        refit.stop(),
        groups.idle(),
        enrichment.stop(),
        maintenance.stop(),
        draining.settled(),
      ]);
      sessions.close();
      wordFigures.close();
      await events.close();
      mailer.close();
    },
  };
}
