import type { TestHarness } from '../testing/harness.ts';

/** A JSON Schema as the OpenAPI document gives it (the subset our zod schemas produce). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** One documented API operation: what the security suite calls, and how. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As documented, e.g. `/api/words/{id}`. */
  path: string;
  /** The names of its path parameters, e.g. `['id']`. */
  pathParams: string[];
  /** Whether the document says it needs the session cookie. */
  signedIn: boolean;
  /** The JSON body's schema, for operations that take one. */
  body: JsonSchema | undefined;
  /** `METHOD /path`, for test names and figures. */
  name: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/**
 * Every operation of the API's own OpenAPI document, so a new route is in the security suite as
 * soon as it is documented (and the suite fails for a served route that is not documented).
 */
export async function documentedOperations(t: TestHarness): Promise<Operation[]> {
  const doc = (await (await t.request('/api/openapi.json')).json()) as OpenApiDocument;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const upper = method.toUpperCase() as Operation['method'];
      return {
        method: upper,
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        signedIn: (op.security ?? []).length > 0,
        body: op.requestBody?.content?.['application/json']?.schema,
        name: `${upper} ${path}`,
      };
    }),
  );
}

/** The operation's path with its parameters filled in. */
export function pathOf(op: Operation, values: Record<string, string> = {}): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? crypto.randomUUID()),
  );
}

/** Whether the method sends a body (every write does, as JSON). */
export function sendsBody(op: Operation): boolean {
  return op.method !== 'GET' && op.method !== 'DELETE';
}

/** The routes the app serves under /api, as `METHOD /api/path/{param}`. */
export function servedOperations(t: TestHarness): string[] {
  const served = t.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
  return [...new Set(served)].sort();
}
