import type { Database } from '@verba/db';
import { sql } from 'drizzle-orm';

export interface Liveness {
  /** Whether the database answered; asked at most once a second however often this is called. */
  databaseReachable: () => Promise<boolean>;
}

/**
 * Load balancers poll the health check, sometimes many times a second from many places; one
 * database round trip a second answers them all. Concurrent callers share the check in flight.
 */
export function createLiveness(db: Database, maxAgeMs = 1000, now = Date.now): Liveness {
  let last: { ok: boolean; at: number } | undefined;
  let inFlight: Promise<boolean> | undefined;
  const probe = async () => {
    try {
      await db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };
  return {
    databaseReachable: () => {
      if (last && now() - last.at < maxAgeMs) return Promise.resolve(last.ok);
      inFlight ??= probe().then((ok) => {
        last = { ok, at: now() };
        inFlight = undefined;
        return ok;
      });
      return inFlight;
    },
  };
}
