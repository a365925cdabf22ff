import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A small OpenAI-compatible chat completions server for integration and browser tests: it listens
 * on 127.0.0.1 at a random port, records every request, and answers from a queue the test fills.
 * Point AI_BASE_URL at `url` (…/v1); `origin` without /v1 works too.
 *
 * Other processes (the production server under Playwright) can drive it over HTTP:
 * POST /__fake/replies with a JSON array of FakeReply to queue answers, GET /__fake/requests for
 * what was received, DELETE /__fake to clear both. Run it alone with
 * `tsx apps/api/src/testing/fake-ai-server.ts` (PORT sets the port; the URL is printed).
 */

export type FakeReply =
  /** The assistant's message is this value as JSON (a card, or anything else). */
  | { kind: 'json'; value: unknown }
  /** The assistant's message is this text, verbatim (fenced JSON, prose, garbage). */
  | { kind: 'text'; text: string }
  /** An HTTP error with an OpenAI-style error body (429, 402, 500…). */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** A 200 whose body is this raw string: not a chat completion at all. */
  | { kind: 'raw'; body: string; contentType?: string }
  /** Waits, then answers; a client that gives up first just goes away. */
  | { kind: 'delay'; ms: number; then: FakeReply }
  /**
   * Only for a request whose JSON schema has this name ('word_groups', 'word_suggestions',
   * 'imported_word_card'). Replies without it answer the learner's word-card requests (and
   * requests without a schema), so background work (grouping, completing imported words) never
   * takes the reply a test queued for a card.
   */
  | {
      kind: 'for';
      schema: string;
      reply: FakeReply;
      /** And only for a request whose body contains this text (a learner's word or id). */
      contains?: string;
    };

export const fakeReply = {
  json: (value: unknown): FakeReply => ({ kind: 'json', value }),
  text: (text: string): FakeReply => ({ kind: 'text', text }),
  status: (status: number, headers?: Record<string, string>): FakeReply => ({
    kind: 'status',
    status,
    ...(headers ? { headers } : {}),
  }),
  raw: (body: string): FakeReply => ({ kind: 'raw', body }),
  delay: (ms: number, then: FakeReply): FakeReply => ({ kind: 'delay', ms, then }),
  for: (schema: string, reply: FakeReply): FakeReply => ({ kind: 'for', schema, reply }),
};

/** The name of the JSON schema a chat request asks for, if any. */
function schemaNameOf(body: unknown): string | undefined {
  const name = (body as { response_format?: { json_schema?: { name?: unknown } } } | undefined)
    ?.response_format?.json_schema?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Whether a queued reply is meant for a request asking for this schema, with this body. */
function repliesTo(reply: FakeReply, schema: string | undefined, body: unknown): boolean {
  if (reply.kind === 'for') {
    return (
      reply.schema === schema &&
      (reply.contains === undefined || JSON.stringify(body).includes(reply.contains))
    );
  }
  return schema === undefined || schema === 'word_card';
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
}

export interface FakeAiServer {
  /** Base URL with /v1, as OpenAI-compatible clients expect. */
  url: string;
  /** Base URL without /v1: the server answers /chat/completions too. */
  origin: string;
  requests: RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Clears the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeAiServerOptions {
  port?: number;
  /** Answer when the queue is empty; without one, an empty queue answers 500 (loudly). */
  defaultReply?: FakeReply;
  /** Answers by schema name when nothing is queued for a request asking for that schema. */
  defaultFor?: Record<string, FakeReply>;
}

const MESSAGES: Record<number, string> = {
  402: 'Insufficient credits. Add more using https://example.invalid/credits',
  429: 'Rate limit exceeded: too many requests',
  500: 'Internal server error',
};

function completion(model: unknown, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'fake-model',
    choices: [
      { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeAiServer(options: FakeAiServerOptions = {}): Promise<FakeAiServer> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function answer(req: IncomingMessage, res: ServerResponse, body: unknown, reply: FakeReply) {
    switch (reply.kind) {
      case 'json':
      case 'text': {
        const content = reply.kind === 'json' ? JSON.stringify(reply.value) : reply.text;
        const model = (body as { model?: unknown } | undefined)?.model;
        return sendJson(res, 200, completion(model, content));
      }
      case 'status':
        return sendJson(
          res,
          reply.status,
          {
            error: {
              message: reply.message ?? MESSAGES[reply.status] ?? `Error ${reply.status}`,
              type: 'fake_error',
              code: reply.status,
            },
          },
          reply.headers,
        );
      case 'raw':
        res.writeHead(200, { 'content-type': reply.contentType ?? 'application/json' });
        return res.end(reply.body);
      case 'for':
        return answer(req, res, body, reply.reply);
      case 'delay': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) answer(req, res, body, reply.then);
        }, reply.ms);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const body = await readBody(req);

      if (path === '/__fake/replies' && req.method === 'POST') {
        queue.push(...(Array.isArray(body) ? (body as FakeReply[]) : [body as FakeReply]));
        return sendJson(res, 200, { queued: queue.length });
      }
      if (path === '/__fake/requests' && req.method === 'GET') return sendJson(res, 200, requests);
      if (path === '/__fake' && req.method === 'DELETE') {
        queue.length = 0;
        requests.length = 0;
        return sendJson(res, 200, { ok: true });
      }

      if (req.method !== 'POST' || !['/v1/chat/completions', '/chat/completions'].includes(path))
        return sendJson(res, 404, { error: { message: `No route ${req.method} ${path}` } });

      requests.push({ method: req.method, path, headers: req.headers, body });
      const schema = schemaNameOf(body);
      const index = queue.findIndex((r) => repliesTo(r, schema, body));
      const reply =
        (index >= 0 ? queue.splice(index, 1)[0] : undefined) ??
        (schema === undefined ? undefined : options.defaultFor?.[schema]) ??
        options.defaultReply;
      if (!reply)
        return sendJson(res, 500, { error: { message: 'fake AI server: no reply queued' } });
      answer(req, res, body, reply);
    })();
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/v1`,
    origin,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The feed asks for suggestions on every visit: browser tests that queue nothing for them get
  // these, instead of a failed request in the console.
  const suggestions = ['el libro', 'la ciudad', 'el tiempo', 'la palabra'].map((word) => ({
    word,
    translation: word,
    reason: 'A common word for everyday conversations.',
  }));
  const server = await startFakeAiServer({
    port: Number(process.env.PORT ?? 0),
    defaultFor: { word_suggestions: fakeReply.json({ suggestions }) },
  });
  console.warn(`Fake AI server on ${server.url}`);
}
