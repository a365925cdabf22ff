import type { Database } from '@verba/db';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import type { Services } from './lib/context.ts';
import type { Logger } from './lib/logger.ts';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './lib/rate-limit.ts';

export interface ServiceInputs {
  env: Env;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  logger: Logger;
  secret: string;
  rateLimits?: AuthRateLimits;
}

/** Wires the services every request gets; the server entry and the tests both build them here. */
export function buildServices({
  env,
  db,
  databaseKind,
  logger,
  secret,
  rateLimits,
}: ServiceInputs): Services {
  return {
    env,
    db,
    databaseKind,
    logger,
    auth: createAuth({ db, secret, publicUrl: env.PUBLIC_URL, logger }),
    rateLimits: rateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
  };
}
