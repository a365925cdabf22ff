import { createRoute, z } from '@hono/zod-openapi';
import { statsSchema, wordHistorySchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { getStats } from './stats.service.ts';
import { getWordHistory } from './word-history.service.ts';

const read = createRoute({
  method: 'get',
  path: '/stats',
  tags: ['stats'],
  summary:
    "The Progress screen: the learner's review calendar, streaks, due forecast, measured retention, collection and memory",
  security: authCookie,
  responses: { 200: jsonContent(statsSchema, 'The figures'), ...errorResponses(401) },
});

const wordHistory = createRoute({
  method: 'get',
  path: '/stats/words/{id}',
  tags: ['stats'],
  summary: "One word's reviews, memory state, predicted recall today and next review",
  security: authCookie,
  request: { params: z.object({ id: z.string().uuid() }) },
  responses: {
    200: jsonContent(wordHistorySchema, 'The history'),
    ...errorResponses(400, 401, 404),
  },
});

export const statsRoutes = createRouter()
  .openapi(read, async (c) => {
    const { db, wordFigures, clock } = c.get('services');
    return c.json(await getStats(db, wordFigures, c.get('user'), clock()), 200);
  })
  .openapi(wordHistory, async (c) => {
    const { db, clock } = c.get('services');
    return c.json(await getWordHistory(db, c.get('user'), c.req.valid('param').id, clock()), 200);
  });
