import { createRoute, z } from '@hono/zod-openapi';
import { ankiExportQuerySchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses } from '../../lib/openapi.ts';
import { buildApkg } from './export-apkg.ts';
import { exportText, type TextFormat } from './export-text.ts';
import { loadExportCollection } from './export.service.ts';

const file = (type: string, description: string) => ({
  content: { [type]: { schema: z.string().openapi({ format: 'binary' }) } },
  description,
});

const apkg = createRoute({
  method: 'get',
  path: '/account/export/anki',
  tags: ['account'],
  summary: "The learner's words, schedules and review history as an Anki package (.apkg)",
  security: authCookie,
  request: { query: ankiExportQuerySchema },
  responses: {
    200: file('application/octet-stream', 'verba-words.apkg'),
    ...errorResponses(400, 401),
  },
});

const textRoute = (format: TextFormat) =>
  createRoute({
    method: 'get',
    path: `/account/export/${format}`,
    tags: ['account'],
    summary: `The learner's words as ${format.toUpperCase()} with Anki's header lines`,
    security: authCookie,
    responses: {
      200: file(
        format === 'csv' ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8',
        `verba-words.${format}`,
      ),
      ...errorResponses(401),
    },
  });

const download = (name: string) => ({
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'no-store',
});

export const ankiRoutes = createRouter()
  .openapi(apkg, async (c) => {
    const { db, clock } = c.get('services');
    const collection = await loadExportCollection(db, c.get('user'), clock());
    const bytes = await buildApkg(collection, { reverse: c.req.valid('query').reverse === 'true' });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/octet-stream',
      ...download('verba-words.apkg'),
    });
  })
  .openapi(textRoute('csv'), async (c) => {
    const { db, clock } = c.get('services');
    const collection = await loadExportCollection(db, c.get('user'), clock());
    return c.body(exportText(collection.words, 'csv'), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      ...download('verba-words.csv'),
    });
  })
  .openapi(textRoute('tsv'), async (c) => {
    const { db, clock } = c.get('services');
    const collection = await loadExportCollection(db, c.get('user'), clock());
    return c.body(exportText(collection.words, 'tsv'), 200, {
      'Content-Type': 'text/tab-separated-values; charset=utf-8',
      ...download('verba-words.tsv'),
    });
  });
