import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DatabaseHandle } from './client.ts';

export interface NotificationHandlers {
  onPayload: (payload: string) => void;
  /** After a dropped connection came back: notifications sent meanwhile were lost. */
  onReconnect?: () => void;
  onConnectionError?: (error: unknown) => void;
  /** First delay before reconnecting; doubles up to 10 s. */
  reconnectDelayMs?: number;
}

/**
 * LISTENs on a channel. PGlite hears its own notifications in process; on PostgreSQL one
 * dedicated connection listens (a pooled one would be handed to other queries) and reconnects
 * with backoff when it drops. Resolves to the function that stops listening.
 */
export async function listen(
  handle: DatabaseHandle,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  if (handle.kind === 'pglite') return handle.client.listen(channel, handlers.onPayload);
  return listenOnPostgres(handle.url, channel, handlers);
}

/** Sends a notification to every listener of the channel, in every process. */
export async function notify(handle: DatabaseHandle, channel: string, payload: string) {
  await handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  { onPayload, onReconnect, onConnectionError, reconnectDelayMs = 250 }: NotificationHandlers,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let delay = reconnectDelayMs;

  const connect = async () => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', (error) => {
      onConnectionError?.(error);
      dropped(client);
    });
    client.on('end', () => dropped(client));
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw error;
    }
    current = client;
    delay = reconnectDelayMs;
  };

  const dropped = (client: pg.Client) => {
    if (client !== current) return;
    current = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    reconnectLater();
  };

  const reconnectLater = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        (error: unknown) => {
          onConnectionError?.(error);
          delay = Math.min(delay * 2, 10_000);
          reconnectLater();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    client?.removeAllListeners('end');
    await client?.end().catch(() => {});
  };
}
