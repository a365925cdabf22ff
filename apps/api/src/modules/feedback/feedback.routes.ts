import { createRoute } from '@hono/zod-openapi';
import { feedbackInputSchema, feedbackSchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { submitFeedback } from './feedback.service.ts';

const submit = createRoute({
  method: 'post',
  path: '/feedback',
  tags: ['feedback'],
  summary: 'Send feedback: a type, a message of 10 to 1000 characters and an optional rating',
  security: authCookie,
  request: {
    body: { ...jsonContent(feedbackInputSchema, 'Type, message and rating'), required: true },
  },
  responses: {
    201: jsonContent(feedbackSchema, 'Stored'),
    ...errorResponses(400, 401, 415, 429),
  },
});

export const feedbackRoutes = createRouter().openapi(submit, async (c) => {
  const { db, clock } = c.get('services');
  return c.json(await submitFeedback(db, c.get('user'), c.req.valid('json'), clock()), 201);
});
