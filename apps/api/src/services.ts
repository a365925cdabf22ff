import type { DatabaseHandle } from '@verba/db';
import { createAiProvider, type AiProvider } from './ai/index.ts';
import { createAuth } from './auth.ts';
import type { Env } from './env.ts';
import { authRateLimits, type AuthRateLimits } from './lib/auth-throttle.ts';
import type { Services } from './lib/context.ts';
import { createEvents } from './lib/events.ts';
import type { Logger } from './lib/logger.ts';
import { createSessions } from './lib/sessions.ts';
import { createLiveness } from './modules/health/liveness.ts';

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
}

/** Wires the services every request gets; the server entry and the tests both build them here. */
export async function buildServices({
  env,
  database,
  logger,
  secret,
  rateLimits,
  clock = () => new Date(),
  ai,
}: ServiceInputs): Promise<Services> {
  const { db } = database;
  const auth = createAuth({ db, secret, publicUrl: env.PUBLIC_URL, logger });
  const events = await createEvents(database, logger);
  const sessions = createSessions({ auth, events, now: () => clock().getTime() });
  return {
    env,
    db,
    databaseKind: database.kind,
    logger,
    auth,
    events,
    sessions,
    liveness: createLiveness(db),
    ai: ai ?? createAiProvider(env),
    rateLimits: rateLimits ?? authRateLimits(env),
    clock,
    close: async () => {
      sessions.close();
      await events.close();
    },
  };
}
