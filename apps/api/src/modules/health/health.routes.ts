import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { ApiError } from '../../lib/errors.ts';

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  summary: 'Liveness and database reachability, for load balancers',
  responses: {
    200: jsonContent(
      z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
      'Healthy',
    ),
    ...errorResponses(503),
  },
});

export const healthRoutes = createRouter().openapi(health, async (c) => {
  const { liveness, databaseKind } = c.get('services');
  if (!(await liveness.databaseReachable())) {
    throw new ApiError('SERVICE_UNAVAILABLE', 'The database is not reachable');
  }
  return c.json({ status: 'ok' as const, database: databaseKind }, 200);
});
