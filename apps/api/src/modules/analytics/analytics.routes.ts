import { createRoute, z } from '@hono/zod-openapi';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';

export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

const analyticsConfigSchema = z.object({
  /** The POSTHOG_KEY setting: a public project key, meant for browsers. Null when unset. */
  posthogKey: z.string().nullable(),
  posthogHost: z.string(),
});

const config = createRoute({
  method: 'get',
  path: '/analytics/config',
  tags: ['analytics'],
  summary: 'Whether product analytics are set up on this server, and where they go',
  security: authCookie,
  responses: {
    200: jsonContent(analyticsConfigSchema, 'The analytics settings'),
    ...errorResponses(401),
  },
});

export const analyticsRoutes = createRouter().openapi(config, (c) => {
  const { env } = c.get('services');
  return c.json(
    {
      posthogKey: env.POSTHOG_KEY ?? null,
      posthogHost: (env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST).replace(/\/+$/, ''),
    },
    200,
  );
});
