import { createRoute } from '@hono/zod-openapi';
import { wordEnrichmentSchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { pendingEnrichment } from './word-enrichment.ts';

const status = createRoute({
  method: 'get',
  path: '/enrichment',
  tags: ['words'],
  summary: 'How many imported words the AI is still completing',
  security: authCookie,
  responses: {
    200: jsonContent(wordEnrichmentSchema, 'The words waiting for the AI'),
    ...errorResponses(401),
  },
});

export const enrichmentRoutes = createRouter().openapi(status, async (c) =>
  c.json({ pending: await pendingEnrichment(c.get('services').db, c.get('user').id) }, 200),
);
