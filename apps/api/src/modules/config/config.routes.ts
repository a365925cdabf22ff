import { createRoute } from '@hono/zod-openapi';
import { serverConfigSchema, type ServerConfig } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';

export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';

const read = createRoute({
  method: 'get',
  path: '/config',
  tags: ['config'],
  summary: 'What this server offers: an AI provider, product analytics and where they go',
  security: authCookie,
  responses: {
    200: jsonContent(serverConfigSchema, 'The server configuration the app needs'),
    ...errorResponses(401),
  },
});

export const configRoutes = createRouter().openapi(read, (c) => {
  const { env, ai } = c.get('services');
  const config: ServerConfig = {
    aiProvider: ai.configured,
    posthogKey: env.POSTHOG_KEY ?? null,
    posthogHost: (env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST).replace(/\/+$/, ''),
  };
  return c.json(config, 200);
});
