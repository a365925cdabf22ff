import { createRoute, z } from '@hono/zod-openapi';
import {
  createWordInputSchema,
  generatedCardSchema,
  generateWordInputSchema,
  listWordsQuerySchema,
  updateWordInputSchema,
  wordListSchema,
  wordSchema,
} from '@verba/shared';
import {
  authCookie,
  createRouter,
  errorResponses,
  jsonContent,
  jsonTextResponse,
} from '../../lib/openapi.ts';
import {
  createWord,
  deleteWord,
  generateCard,
  getWord,
  listWords,
  restoreWord,
  updateWord,
} from './words.service.ts';

const wordId = z.object({ id: z.string().uuid() });

const list = createRoute({
  method: 'get',
  path: '/words',
  tags: ['words'],
  summary:
    "A page of the learner's words: filtered, searched and sorted, with the collection's exact counts",
  security: authCookie,
  request: { query: listWordsQuerySchema },
  responses: { 200: jsonContent(wordListSchema, 'The page'), ...errorResponses(400, 401) },
});

const read = createRoute({
  method: 'get',
  path: '/words/{id}',
  tags: ['words'],
  summary: 'One word with its whole card',
  security: authCookie,
  request: { params: wordId },
  responses: { 200: jsonContent(wordSchema, 'The word'), ...errorResponses(400, 401, 404) },
});

const generate = createRoute({
  method: 'post',
  path: '/words/generate',
  tags: ['words'],
  summary: "Write a card for a word with the AI provider, in the learner's languages (not saved)",
  security: authCookie,
  request: {
    body: { ...jsonContent(generateWordInputSchema, 'The word or phrase'), required: true },
  },
  responses: {
    200: jsonContent(generatedCardSchema, 'The checked card'),
    ...errorResponses(400, 401, 402, 409, 415, 429, 502, 503, 504),
  },
});

const create = createRoute({
  method: 'post',
  path: '/words',
  tags: ['words'],
  summary: 'Save a card, from the AI or written by hand; saving the same id again is a no-op',
  security: authCookie,
  request: {
    body: {
      ...jsonContent(createWordInputSchema, 'The card, with an id made by the client'),
      required: true,
    },
  },
  responses: {
    201: jsonContent(wordSchema, 'Saved'),
    200: jsonContent(wordSchema, 'Already saved by an earlier try'),
    ...errorResponses(400, 401, 409, 415),
  },
});

const update = createRoute({
  method: 'patch',
  path: '/words/{id}',
  tags: ['words'],
  summary: "Edit a word's card or mark it favorite",
  security: authCookie,
  request: {
    params: wordId,
    body: { ...jsonContent(updateWordInputSchema, 'The fields to change'), required: true },
  },
  responses: {
    200: jsonContent(wordSchema, 'The changed word'),
    ...errorResponses(400, 401, 404, 409, 415),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/words/{id}',
  tags: ['words'],
  summary:
    'Delete a word; it is kept with its review history for the undo window, then removed for good',
  security: authCookie,
  request: { params: wordId },
  responses: {
    200: jsonContent(z.object({ id: z.string() }), 'Deleted'),
    ...errorResponses(400, 401, 404),
  },
});

const restore = createRoute({
  method: 'post',
  path: '/words/{id}/restore',
  tags: ['words'],
  summary:
    'Undo a delete within its window: the word comes back with its review history and groups; a replay answers with the restored word',
  security: authCookie,
  request: { params: wordId },
  responses: {
    200: jsonContent(wordSchema, 'The restored word'),
    ...errorResponses(400, 401, 404, 409, 415),
  },
});

export const wordRoutes = createRouter()
  // The body comes from the database as JSON text (words.service.ts `wordListSql`).
  .openapi(list, async (c) =>
    jsonTextResponse(await listWords(c.get('services').db, c.get('user'), c.req.valid('query'))),
  )
  .openapi(generate, async (c) =>
    c.json(
      await generateCard(
        c.get('services'),
        c.get('user'),
        c.req.valid('json').word,
        c.req.raw.signal,
      ),
      200,
    ),
  )
  .openapi(read, async (c) =>
    c.json(await getWord(c.get('services').db, c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(create, async (c) => {
    const { word, created } = await createWord(
      c.get('services'),
      c.get('user'),
      c.req.valid('json'),
    );
    return created ? c.json(word, 201) : c.json(word, 200);
  })
  .openapi(update, async (c) =>
    c.json(
      await updateWord(
        c.get('services'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  )
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await deleteWord(c.get('services'), c.get('user'), id);
    return c.json({ id }, 200);
  })
  .openapi(restore, async (c) =>
    c.json(await restoreWord(c.get('services'), c.get('user'), c.req.valid('param').id), 200),
  );
