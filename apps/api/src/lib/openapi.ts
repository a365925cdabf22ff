import { OpenAPIHono, type z } from '@hono/zod-openapi';
import { errorEnvelopeSchema } from '@verba/shared';
import type { TypedResponse } from 'hono';
import type { AppEnv } from '../app-env.ts';
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

/** JSON text the database built (see `jsonTextResponse`), typed as the value it holds. */
export type JsonText<T> = string & { readonly __json?: T };

/**
 * Sends JSON text as it is, for the few hot routes whose body the database builds: the route
 * keeps its typed response, and the integration tests check the text against the schema.
 */
export function jsonTextResponse<T>(body: JsonText<T>) {
  return new Response(body, {
    headers: { 'Content-Type': 'application/json' },
  }) as unknown as TypedResponse<T, 200, 'json'>;
}
