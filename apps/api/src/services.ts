import type { Database } from '@verba/db';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import type { Services } from './lib/context.ts';
import type { Logger } from './lib/logger.ts';
import { authRateLimits, type AuthRateLimits } from './lib/auth-throttle.ts';

export interface ServiceInputs {
  env: Env;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  logger: Logger;
  secret: string;
  rateLimits?: AuthRateLimits;
  clock?: () => Date;
}

/** Wires the services every request gets; the server entry and the tests both build them here. */
export function buildServices({
  env,
  db,
  databaseKind,
  logger,
  secret,
  rateLimits,
  clock,
}: ServiceInputs): Services {
  return {
    env,
    db,
    databaseKind,
    logger,
    auth: createAuth({ db, secret, publicUrl: env.PUBLIC_URL, logger }),
    rateLimits: rateLimits ?? authRateLimits(env),
    clock: clock ?? (() => new Date()),
  };
}
