import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { errorEnvelopeSchema } from '@verba/shared';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';

/** A router whose request validation failures become our 400 envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, jsonContent(errorEnvelopeSchema, `Error ${s}`)]));

export const authCookie = [{ cookieAuth: [] }];
