import type { Database } from '@verba/db';
import type { SessionUser } from '@verba/shared';
import type { AiProvider } from './ai/index.ts';
import type { Auth } from './auth.ts';
import type { Env } from './env.ts';
import type { WordEnrichment } from './modules/enrichment/word-enrichment.ts';
import type { GroupGeneration } from './modules/groups/group-generation.ts';
import type { Liveness } from './modules/health/liveness.ts';
import type { PeriodicJob } from './lib/periodic-job.ts';
import type { RefitQueue } from './modules/scheduling/refit.ts';
import type { DeviceCookies } from './lib/device-cookie.ts';
import type { Events } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import type { AuthRateLimits } from './lib/auth-rate-limits.ts';
import type { Sessions } from './lib/sessions.ts';
import type { Backups } from './modules/backup/backups.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { Draining } from './lib/draining.ts';
import type { WordFigures } from './modules/stats/stats.service.ts';
import type { WordFiguresCache } from './modules/stats/word-figures-cache.ts';
import type { Mailer } from './lib/mail.ts';

/** What handlers use, passed in through the context instead of imported singletons. */
export interface Services {
  db: Database;
  /** Which engine `db` runs on. */
  databaseKind: 'pglite' | 'postgres';
  auth: Auth;
  /** Password reset mail; `configured: false` without SMTP_URL. */
  mailer: Mailer;
  /** Who signed a request; the one session check (lib/require-user.ts). */
  sessions: Sessions;
  /** The Progress screen's figures from each learner's words, until their words change. */
  wordFigures: WordFiguresCache<WordFigures>;
  /** Notifications between server processes. */
  events: Events;
  liveness: Liveness;
  /** Background word grouping, coalesced per learner. */
  groups: GroupGeneration;
  /** Imported words getting the rest of their cards from the AI, in the background. */
  enrichment: WordEnrichment;
  /** Every AI call goes through it; `configured: false` when no provider is set up. */
  ai: AiProvider;
  env: Env;
  logger: Logger;
  rateLimits: AuthRateLimits;
  /** Proof that a browser signed in before, which exempts it from the address throttles. */
  devices: DeviceCookies;
  /** The time now; tests pass a clock they move themselves. */
  clock: () => Date;
  /** Prometheus metrics of this process (`GET /metrics`). */
  metrics: Metrics;
  /** Backups of the embedded database: on request and nightly (BACKUP_DIR). */
  backups: Backups;
  /** Whether this process is stopping (SIGTERM): new requests get 503, streams let go. */
  draining: Draining;
  /** Chance, as `clock` is time: the words and items of a practice session. */
  random: () => number;
  /** The scheduler's chance, spreading new intervals; null schedules FSRS's exact intervals. */
  scheduleRandom: (() => number) | null;
  /** Background work of this process; `close` stops it. */
  jobs: {
    sessionCleanup: PeriodicJob;
    refit: RefitQueue;
    maintenance: PeriodicJob;
    deletedPurge: PeriodicJob;
  };
  /** Stops listening for events; the database handle is closed by its owner. */
  close: () => Promise<void>;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    services: Services;
    user: SessionUser;
  };
}
