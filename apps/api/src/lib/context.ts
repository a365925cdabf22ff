import type { Database } from '@verba/db';
import type { SessionUser } from '@verba/shared';
import type { Auth } from '../auth.ts';
import type { Env } from '../env.ts';
import type { Logger } from './logger.ts';
import type { AuthRateLimits } from './auth-throttle.ts';

/** What handlers use, passed in through the context instead of imported singletons. */
export interface Services {
  db: Database;
  /** Which engine `db` runs on. */
  databaseKind: 'pglite' | 'postgres';
  auth: Auth;
  env: Env;
  logger: Logger;
  rateLimits: AuthRateLimits;
  /** The time now; tests pass a clock they move themselves. */
  clock: () => Date;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    services: Services;
    user: SessionUser;
  };
}
