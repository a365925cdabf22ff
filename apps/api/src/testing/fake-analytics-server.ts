import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * A stand-in for a PostHog host in browser tests (set POSTHOG_HOST to its origin): it accepts what
 * posthog-js sends, in any of its encodings, answers what the library expects, and records the
 * events it finds. GET /__fake/events lists them; DELETE /__fake clears them. Run it alone with
 * `tsx apps/api/src/testing/fake-analytics-server.ts` (PORT sets the port; the URL is printed).
 */

export interface ReceivedEvent {
  event: string;
  /** The page the event was sent from, when the library said. */
  url: string | null;
}

const EVENT_PATHS = ['/e/', '/i/v0/e/', '/batch/', '/capture/', '/track/'];

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The JSON a request carried: gzip, a base64 `data=` form, or plain JSON. */
function decode(raw: Buffer, contentType: string): unknown {
  let text: string;
  if (raw[0] === 0x1f && raw[1] === 0x8b) {
    text = gunzipSync(raw).toString('utf8');
  } else {
    text = raw.toString('utf8');
    if (contentType.includes('form-urlencoded') || text.startsWith('data=')) {
      const data = new URLSearchParams(text).get('data') ?? '';
      text = Buffer.from(data, 'base64').toString('utf8');
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function eventsIn(payload: unknown): ReceivedEvent[] {
  const list = Array.isArray(payload)
    ? payload
    : payload && typeof payload === 'object' && 'batch' in payload
      ? (payload as { batch: unknown[] }).batch
      : [payload];
  return list.flatMap((item) => {
    if (
      !item ||
      typeof item !== 'object' ||
      typeof (item as { event?: unknown }).event !== 'string'
    )
      return [];
    const { event, properties } = item as {
      event: string;
      properties?: { $current_url?: unknown };
    };
    const url = typeof properties?.$current_url === 'string' ? properties.$current_url : null;
    return [{ event, url }];
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json',
    // posthog-js calls from the app's origin.
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  });
  res.end(JSON.stringify(body));
}

export async function startFakeAnalyticsServer(port = 0) {
  const events: ReceivedEvent[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const raw = await readRaw(req);
      if (req.method === 'OPTIONS') return send(res, 204, {});
      if (path === '/__fake/events' && req.method === 'GET') return send(res, 200, events);
      if (path === '/__fake' && req.method === 'DELETE') {
        events.length = 0;
        return send(res, 200, { ok: true });
      }
      // Feature flags and remote settings: none.
      if (path.startsWith('/array/')) return send(res, 200, {});
      if (path.startsWith('/flags') || path.startsWith('/decide')) {
        return send(res, 200, {
          featureFlags: {},
          featureFlagPayloads: {},
          errorsWhileComputingFlags: false,
        });
      }
      if (EVENT_PATHS.includes(path)) {
        events.push(...eventsIn(decode(raw, String(req.headers['content-type'] ?? ''))));
        return send(res, 200, { status: 1 });
      }
      return send(res, 404, { error: `No route ${req.method} ${path}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${address.port}`,
    events,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { origin } = await startFakeAnalyticsServer(Number(process.env.PORT ?? 0));
  process.stdout.write(`Fake analytics host on ${origin}\n`);
}
