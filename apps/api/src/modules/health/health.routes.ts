import { createRoute, z } from '@hono/zod-openapi';
import { nightlyBackupsSchema } from '@verba/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env.ts';
import { createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { ApiError } from '../../lib/errors.ts';
import { checkSession } from '../../lib/require-user.ts';
import { isAdmin } from '../admin/accounts.ts';

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  summary: 'Liveness and database reachability, for load balancers',
  description:
    "Public. With BACKUP_DIR set, an admin's session also gets the nightly backups' state.",
  responses: {
    200: jsonContent(
      z.object({
        status: z.literal('ok'),
        database: z.enum(['pglite', 'postgres']),
        // The nightly backups (BACKUP_DIR), for admins only.
        backups: nightlyBackupsSchema.optional(),
      }),
      'Healthy',
    ),
    ...errorResponses(503),
  },
});

/**
 * Whether the caller is signed in as an admin. A load balancer sends no cookie, so its probe
 * never reaches the session store.
 */
async function adminCalling(c: Context<AppEnv>): Promise<boolean> {
  if (!c.req.header('cookie')) return false;
  const session = await checkSession(c);
  return session !== null && (await isAdmin(c.get('services'), session.user.id));
}

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { liveness, databaseKind, backups } = c.get('services');
  if (!(await liveness.databaseReachable())) {
    throw new ApiError('SERVICE_UNAVAILABLE', 'The database is not reachable');
  }
  const nightly = backups.status();
  const detail = nightly && (await adminCalling(c)) ? { backups: nightly } : {};
  return c.json({ status: 'ok' as const, database: databaseKind, ...detail }, 200);
});
