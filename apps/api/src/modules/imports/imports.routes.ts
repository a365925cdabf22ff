import { createRoute, z } from '@hono/zod-openapi';
import {
  IMPORT_LIMITS,
  IMPORT_TEXT,
  importJobIdSchema,
  importJobSchema,
  importPreviewSchema,
  importUploadQuerySchema,
  latestImportSchema,
} from '@verba/shared';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { ApiError } from '../../lib/errors.ts';
import { getImport, latestImport, previewImport, startImport } from './imports.service.ts';

/** The upload's body: the file (or the pasted text) itself, as bytes. */
const upload = {
  content: {
    'application/octet-stream': {
      schema: z.string().openapi({ type: 'string', format: 'binary' }),
    },
  },
  description: `The file or the pasted text, at most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`,
  required: true,
};

const preview = createRoute({
  method: 'post',
  path: '/imports/preview',
  tags: ['imports'],
  summary: 'Read an upload and show what an import of it would save (nothing is saved)',
  security: authCookie,
  request: { query: importUploadQuerySchema, body: upload },
  responses: {
    200: jsonContent(importPreviewSchema, 'The first rows as they would be saved, and counts'),
    ...errorResponses(400, 401, 413, 415),
  },
});

const start = createRoute({
  method: 'post',
  path: '/imports',
  tags: ['imports'],
  summary: "Import an upload's words in the background; one import per learner at a time",
  security: authCookie,
  request: { query: importUploadQuerySchema, body: upload },
  responses: {
    202: jsonContent(importJobSchema, 'The import, started'),
    ...errorResponses(400, 401, 409, 413, 415),
  },
});

const latest = createRoute({
  method: 'get',
  path: '/imports/latest',
  tags: ['imports'],
  summary: "The learner's latest import, running or finished, or null",
  security: authCookie,
  responses: { 200: jsonContent(latestImportSchema, 'The import'), ...errorResponses(401) },
});

const read = createRoute({
  method: 'get',
  path: '/imports/{id}',
  tags: ['imports'],
  summary: "An import's progress, or its summary and skipped rows when it has finished",
  security: authCookie,
  request: { params: importJobIdSchema },
  responses: { 200: jsonContent(importJobSchema, 'The import'), ...errorResponses(400, 401, 404) },
});

const tooLarge = (): never => {
  throw new ApiError('PAYLOAD_TOO_LARGE', IMPORT_TEXT.tooLarge);
};
/** Uploads are bytes, counted as they stream in and refused once over the cap. */
const limit = bodyLimit({ maxSize: IMPORT_LIMITS.maxBytes, onError: tooLarge });
const uploadLimit = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/octet-stream') {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as application/octet-stream');
  }
  return limit(c, next);
});

export const importRoutes = createRouter();
importRoutes.use('/imports/preview', uploadLimit);
importRoutes.use('/imports', uploadLimit);
importRoutes
  .openapi(preview, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await previewImport(c.get('services'), c.get('user'), bytes, c.req.valid('query')),
      200,
    );
  })
  .openapi(start, async (c) => {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    return c.json(
      await startImport(c.get('services'), c.get('user'), bytes, c.req.valid('query')),
      202,
    );
  })
  .openapi(latest, async (c) =>
    c.json({ job: await latestImport(c.get('services'), c.get('user')) }, 200),
  )
  .openapi(read, async (c) =>
    c.json(await getImport(c.get('services'), c.get('user'), c.req.valid('param').id), 200),
  );
