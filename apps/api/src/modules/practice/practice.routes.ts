import { createRoute, z } from '@hono/zod-openapi';
import {
  answerResultSchema,
  feedStateSchema,
  practiceSessionSchema,
  startSessionSchema,
  submitAnswerSchema,
  syncBatchSchema,
  syncResponseSchema,
  undoAnswerSchema,
  wordsOnDeviceSchema,
} from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { submitAnswer } from './answer.service.ts';
import { getFeed } from './feed.ts';
import { getSession } from './session-reads.ts';
import { startSession } from './start-session.ts';
import { applySync } from './sync.service.ts';
import { undoAnswer } from './undo.ts';
import { wordsOnDevice } from './words-on-device.ts';

const sessionId = z.object({ id: z.string().uuid() });

const feed = createRoute({
  method: 'get',
  path: '/practice/feed',
  tags: ['practice'],
  summary:
    'What the feed shows: the open session, a quick review, words due, or all caught up (reads only)',
  security: authCookie,
  responses: { 200: jsonContent(feedStateSchema, 'The feed'), ...errorResponses(401) },
});

const offlineWords = createRoute({
  method: 'get',
  path: '/practice/offline-words',
  tags: ['practice'],
  summary:
    'The learner’s words due soonest (up to 200), with their repetitions and due dates, for a device to start practice offline (reads only)',
  security: authCookie,
  responses: {
    200: jsonContent(wordsOnDeviceSchema, 'The words, oldest due first'),
    ...errorResponses(401),
  },
});

const start = createRoute({
  method: 'post',
  path: '/practice/sessions',
  tags: ['practice'],
  summary:
    'Start a daily session (up to 5 due words, oldest due first) or an infinity round (up to 20 random words)',
  security: authCookie,
  request: {
    body: {
      ...jsonContent(
        startSessionSchema,
        'The mode, the learner’s time zone and an id made by the client',
      ),
      required: true,
    },
  },
  responses: {
    201: jsonContent(practiceSessionSchema, 'A new session'),
    200: jsonContent(practiceSessionSchema, 'The open daily session, or the one this id started'),
    ...errorResponses(400, 401, 404, 409, 415),
  },
});

const read = createRoute({
  method: 'get',
  path: '/practice/sessions/{id}',
  tags: ['practice'],
  summary: 'One of the learner’s sessions, with its items and answers so far',
  security: authCookie,
  request: { params: sessionId },
  responses: {
    200: jsonContent(practiceSessionSchema, 'The session'),
    ...errorResponses(400, 401, 404),
  },
});

const answer = createRoute({
  method: 'post',
  path: '/practice/sessions/{id}/answers',
  tags: ['practice'],
  summary:
    'Answer one item; the server checks it, logs it, reschedules a finished word and completes the session after the last item',
  security: authCookie,
  request: {
    params: sessionId,
    headers: z.object({
      prefer: z.string().optional().openapi({
        description:
          '`return=minimal`: answer with what changed only, without the session after the answer',
      }),
    }),
    body: {
      ...jsonContent(submitAnswerSchema, 'The answer, with an id made by the client'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(
      answerResultSchema,
      'The checked answer and what it changed; the session after it unless a minimal return was preferred',
    ),
    ...errorResponses(400, 401, 404, 409, 415),
  },
});

const undo = createRoute({
  method: 'post',
  path: '/practice/sessions/{id}/undo',
  tags: ['practice'],
  summary:
    "Undo the last answer of a session on its day: its item opens again, and the schedule, mastered count and review log are as before it; the answer that completed the session reopens it and puts the profile's streak and study time back; undoing it again changes nothing",
  security: authCookie,
  request: {
    params: sessionId,
    body: {
      ...jsonContent(undoAnswerSchema, 'The id of the answer to undo'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(practiceSessionSchema, 'The session after the undo'),
    ...errorResponses(400, 401, 404, 409, 415),
  },
});

const sync = createRoute({
  method: 'post',
  path: '/practice/sync',
  tags: ['practice'],
  summary:
    'Apply practice made offline: session starts, answers and completions, each at most once and at its own time; every entry gets its result, and a bad one is refused with its reason while the rest apply',
  security: authCookie,
  request: {
    body: {
      ...jsonContent(syncBatchSchema, 'Outbox entries in the order they were made, up to 1,000'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(syncResponseSchema, 'Each entry’s result, in the order sent'),
    ...errorResponses(400, 401, 415),
  },
});

export const practiceRoutes = createRouter()
  .openapi(feed, async (c) => c.json(await getFeed(c.get('services'), c.get('user')), 200))
  .openapi(offlineWords, async (c) =>
    c.json(await wordsOnDevice(c.get('services').db, c.get('user')), 200),
  )
  .openapi(start, async (c) => {
    const { session, created } = await startSession(
      c.get('services'),
      c.get('user'),
      c.req.valid('json'),
    );
    return created ? c.json(session, 201) : c.json(session, 200);
  })
  .openapi(read, async (c) =>
    c.json(await getSession(c.get('services').db, c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(answer, async (c) => {
    const minimal = /\breturn=minimal\b/.test(c.req.valid('header').prefer ?? '');
    const result = await submitAnswer(
      c.get('services'),
      c.get('user'),
      c.req.valid('param').id,
      c.req.valid('json'),
      { withSession: !minimal },
    );
    if (minimal) c.header('Preference-Applied', 'return=minimal');
    return c.json(result, 200);
  })
  .openapi(sync, async (c) =>
    c.json(await applySync(c.get('services'), c.get('user'), c.req.valid('json').entries), 200),
  )
  .openapi(undo, async (c) =>
    c.json(
      await undoAnswer(
        c.get('services'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
