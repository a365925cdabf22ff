import { createRoute, z } from '@hono/zod-openapi';
import {
  generateGroupsInputSchema,
  generateGroupsResultSchema,
  groupDetailSchema,
  groupListSchema,
} from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { deleteGroup, getGroupDetail, listGroups, restoreGroup } from './groups.service.ts';

const groupId = z.object({ id: z.string().uuid() });

const list = createRoute({
  method: 'get',
  path: '/groups',
  tags: ['groups'],
  summary: "The learner's word groups, newest first, with word and mastered counts",
  security: authCookie,
  responses: { 200: jsonContent(groupListSchema, 'The groups'), ...errorResponses(401) },
});

const read = createRoute({
  method: 'get',
  path: '/groups/{id}',
  tags: ['groups'],
  summary: 'One group with its words',
  security: authCookie,
  request: { params: groupId },
  responses: {
    200: jsonContent(groupDetailSchema, 'The group'),
    ...errorResponses(400, 401, 404),
  },
});

const generate = createRoute({
  method: 'post',
  path: '/groups/generate',
  tags: ['groups'],
  summary:
    "Organize the learner's words into groups with the AI provider, in the background; the result arrives as a live update",
  security: authCookie,
  request: {
    body: { ...jsonContent(generateGroupsInputSchema, 'Whether this is the automatic run') },
  },
  responses: {
    202: jsonContent(generateGroupsResultSchema, 'Started or queued'),
    ...errorResponses(400, 401, 415, 429, 503),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/groups/{id}',
  tags: ['groups'],
  summary:
    'Delete a group (its words stay in the collection); it is kept for the undo window, then removed for good',
  security: authCookie,
  request: { params: groupId },
  responses: {
    200: jsonContent(z.object({ id: z.string() }), 'Deleted'),
    ...errorResponses(400, 401, 404),
  },
});

const restore = createRoute({
  method: 'post',
  path: '/groups/{id}/restore',
  tags: ['groups'],
  summary:
    'Undo a group delete within its window: the group comes back with its words; a replay answers with the restored group',
  security: authCookie,
  request: { params: groupId },
  responses: {
    200: jsonContent(groupDetailSchema, 'The restored group'),
    ...errorResponses(400, 401, 404, 415),
  },
});

export const groupRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listGroups(c.get('services'), c.get('user')), 200))
  .openapi(generate, async (c) => {
    const { auto = false } = c.req.valid('json');
    const status = await c.get('services').groups.request(c.get('user'), { auto });
    return c.json({ status }, 202);
  })
  .openapi(read, async (c) =>
    c.json(await getGroupDetail(c.get('services').db, c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await deleteGroup(c.get('services'), c.get('user'), id);
    return c.json({ id }, 200);
  })
  .openapi(restore, async (c) =>
    c.json(await restoreGroup(c.get('services'), c.get('user'), c.req.valid('param').id), 200),
  );
