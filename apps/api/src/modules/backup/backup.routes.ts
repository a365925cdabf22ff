import { ApiError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/openapi.ts';
import { fromLoopback } from '../metrics/metrics.routes.ts';

/**
 * `npm run backup` asks the running server for a backup of its embedded database, which only this
 * process may open. Answered on this machine only, to the key derived from the auth secret.
 */
export const backupRoutes = createRouter().post('/operator/backup', async (c) => {
  const { backups } = c.get('services');
  const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '');
  if (!fromLoopback(c) || !backups.authorize(token)) {
    throw new ApiError('FORBIDDEN', 'Backups are taken by `npm run backup` on this machine');
  }
  if (!backups.create) {
    throw new ApiError('NOT_FOUND', 'On PostgreSQL, `npm run backup` uses pg_dump');
  }
  const archive = await backups.create();
  return c.body(archive as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/x-tar',
    'Cache-Control': 'no-store',
  });
});
