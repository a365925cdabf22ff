import { createRoute, z } from '@hono/zod-openapi';
import { clientErrorSchema } from '@verba/shared';
import { clientIp } from '../../lib/client-ip.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { recordClientError } from './client-errors.service.ts';

const report = createRoute({
  method: 'post',
  path: '/client-errors',
  tags: ['client-errors'],
  summary: "Report an error from the learner's browser; written to the server log",
  security: authCookie,
  request: {
    body: { ...jsonContent(clientErrorSchema, 'The error event payload'), required: true },
  },
  responses: {
    202: jsonContent(z.object({ accepted: z.literal(true) }), 'Logged'),
    ...errorResponses(400, 401, 413, 415, 429),
  },
});

export const clientErrorRoutes = createRouter().openapi(report, async (c) => {
  const { db, clock, env } = c.get('services');
  const reporter = { user: c.get('user'), address: clientIp(c, env.TRUST_PROXY) };
  await recordClientError(db, c.get('logger'), reporter, c.req.valid('json'), clock());
  return c.json({ accepted: true as const }, 202);
});
