import type { Database } from '@verba/db';
import type { SessionUser } from '@verba/shared';
import type { AiProvider } from '../ai/index.ts';
import type { Auth } from '../auth.ts';
import type { Env } from '../env.ts';
import type { GroupGeneration } from '../modules/groups/groups.service.ts';
import type { Liveness } from '../modules/health/liveness.ts';
import type { PeriodicJob } from './periodic-job.ts';
import type { RefitQueue } from '../modules/practice/refit.ts';
import type { DeviceCookies } from './device-cookie.ts';
import type { Events } from './events.ts';
import type { Logger } from './logger.ts';
import type { AuthRateLimits } from './auth-throttle.ts';
import type { Sessions } from './sessions.ts';

/** What handlers use, passed in through the context instead of imported singletons. */
export interface Services {
  db: Database;
  /** Which engine `db` runs on. */
  databaseKind: 'pglite' | 'postgres';
  auth: Auth;
  /** Who signed a request; the one session check (lib/require-user.ts). */
  sessions: Sessions;
  /** Notifications between server processes. */
  events: Events;
  liveness: Liveness;
  /** Background word grouping, coalesced per learner. */
  groups: GroupGeneration;
  /** Every AI call goes through it; `configured: false` when no provider is set up. */
  ai: AiProvider;
  env: Env;
  logger: Logger;
  rateLimits: AuthRateLimits;
  /** Proof that a browser signed in before, which exempts it from the address throttles. */
  devices: DeviceCookies;
  /** The time now; tests pass a clock they move themselves. */
  clock: () => Date;
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
