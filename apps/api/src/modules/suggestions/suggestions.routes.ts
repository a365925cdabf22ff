import { createRoute } from '@hono/zod-openapi';
import {
  addSuggestionInputSchema,
  addSuggestionResultSchema,
  suggestionListSchema,
} from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { addSuggestion, getSuggestions, refreshSuggestions } from './suggestions.service.ts';

const AI_ERRORS = [402, 429, 502, 503, 504] as const;

const list = createRoute({
  method: 'get',
  path: '/suggestions',
  tags: ['suggestions'],
  summary: 'Words the AI suggests for the learner, refilled when fewer than 4 remain',
  security: authCookie,
  responses: {
    200: jsonContent(suggestionListSchema, 'The suggestions'),
    ...errorResponses(401, ...AI_ERRORS),
  },
});

const refresh = createRoute({
  method: 'post',
  path: '/suggestions/refresh',
  tags: ['suggestions'],
  summary: 'Forget the cached suggestions and ask for new ones',
  security: authCookie,
  responses: {
    200: jsonContent(suggestionListSchema, 'The new suggestions'),
    ...errorResponses(401, 415, ...AI_ERRORS),
  },
});

const add = createRoute({
  method: 'post',
  path: '/suggestions/add',
  tags: ['suggestions'],
  summary: 'Add a suggested word: its card is written and saved, and it leaves the suggestions',
  security: authCookie,
  request: {
    body: { ...jsonContent(addSuggestionInputSchema, 'The suggested word'), required: true },
  },
  responses: {
    201: jsonContent(addSuggestionResultSchema, 'The saved word and the suggestions left'),
    ...errorResponses(400, 401, 404, 409, 415, ...AI_ERRORS),
  },
});

export const suggestionRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json({ suggestions: await getSuggestions(c.get('services'), c.get('user')) }, 200),
  )
  .openapi(refresh, async (c) =>
    c.json({ suggestions: await refreshSuggestions(c.get('services'), c.get('user')) }, 200),
  )
  .openapi(add, async (c) =>
    c.json(await addSuggestion(c.get('services'), c.get('user'), c.req.valid('json').word), 201),
  );
