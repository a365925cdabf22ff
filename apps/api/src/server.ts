import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createDatabase, migrateDatabase } from '@verba/db';
import { createApp } from './app.ts';
import type { Env } from './env.ts';
import { restrictNewFiles, secureDataDir } from './lib/data-dir.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { warmPasswordChecker } from './lib/password-strength.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';
import { resolveAuthSecret } from './secret.ts';
import { buildServices } from './services.ts';

export interface ServerOptions {
  logger?: Logger;
  /** Where a person may be watching: told the address to open when it is a terminal. */
  terminal?: { isTTY?: boolean; write: (text: string) => unknown };
  /** Folder of the built web app; by default the web workspace's build. */
  webRoot?: string;
}

export interface RunningServer {
  port: number;
  logger: Logger;
  /**
   * Stops gracefully (SIGTERM): stops listening, answers the requests in flight (new ones on open
   * connections get 503 with Retry-After), closes live-update streams with a retry hint, lets
   * background jobs and every request past the gate finish (even one whose connection is gone),
   * then closes the database. Connections still open when `timeoutMs` (SHUTDOWN_TIMEOUT_MS) is
   * nearly over are cut, so that the database is closed in time; a request still running after
   * that gets the database's 503.
   */
  close: (timeoutMs?: number) => Promise<void>;
}

/** Of the shutdown's time, what is kept for the jobs and the database to close. */
const CLOSE_RESERVE_MS = 2_000;
/** How often connections that fell idle while draining are closed. */
const IDLE_SWEEP_MS = 50;
/** How long open connections still get answers (503) before the listener closes. */
const LAST_CALL_MS = 1_000;

/** Opens the database (migrated), wires the services and listens on PORT. */
export async function startServer(env: Env, options: ServerOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const embedded = !env.DATABASE_URL;
  if (embedded) restrictNewFiles();
  const logger = options.logger ?? createLogger(env.LOG_LEVEL);
  const handle = await createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(resolve(env.DATA_DIR), 'db'),
    poolSize: env.DATABASE_POOL_SIZE,
  });
  await migrateDatabase(handle);
  const services = await buildServices({
    env,
    database: handle,
    logger,
    secret: resolveAuthSecret(env),
  });
  if (embedded) secureDataDir(env.DATA_DIR);
  const webRoot =
    options.webRoot ??
    join(dirname(createRequire(import.meta.url).resolve('@verba/web/package.json')), 'dist');
  const app = createApp(services, { webRoot });

  const terminal = options.terminal ?? process.stdout;
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (done) => {
      const server = serve({ fetch: app.fetch, port: env.PORT }, (info) =>
        done({ server, port: info.port }),
      );
    },
  );
  const closeListener = gracefulListener(server);
  const url = env.PORT === 0 ? `http://localhost:${port}` : env.PUBLIC_URL;
  logger.info(
    {
      port,
      url,
      database: handle.kind,
      startupMs: Math.round(performance.now() - started),
    },
    `Verba is listening on port ${port}`,
  );
  // The log is JSON lines for machines; a person at a terminal also gets the address to open.
  if (terminal.isTTY) terminal.write(`\nVerba is running. Open ${url} in your browser.\n\n`);
  warmPasswordChecker();

  const prune = setInterval(() => void pruneRateLimits(handle.db).catch(() => {}), 60 * 60 * 1000);
  prune.unref();
  return {
    port,
    logger,
    close: async (timeoutMs = env.SHUTDOWN_TIMEOUT_MS) => {
      const started = performance.now();
      clearInterval(prune);
      services.draining.begin();
      const answered = await closeListener(Math.max(0, timeoutMs - CLOSE_RESERVE_MS));
      if (!answered) logger.warn('shutdown: requests still open at the deadline were cut');
      const jobsDone = await within(
        services.close().catch((error: unknown) => logger.error({ err: error }, 'shutdown failed')),
        Math.max(0, timeoutMs - CLOSE_RESERVE_MS / 2 - (performance.now() - started)),
      );
      if (!jobsDone) {
        logger.warn('shutdown: requests or background work still running were left to roll back');
      }
      await handle.close();
      logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
    },
  };
}

/**
 * How a listening server stops: it first answers every request on an open connection 503 with
 * `Connection: close` for a moment, so that clients in the middle of a series learn from an answer
 * that the process is going; only then does it stop listening and close the connections left
 * idle. Closing an idle keep-alive connection at once races with a request the client is sending
 * on it, which then fails with no answer at all.
 */
function gracefulListener(server: ReturnType<typeof serve>) {
  const http = server as HttpServer;
  const open = new Set<Socket>();
  http.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  /**
   * Stops accepting connections and waits for the open ones to end. Past `waitMs` the rest are
   * cut. Resolves whether every connection ended by itself.
   */
  return async (waitMs: number): Promise<boolean> => {
    const deadline = performance.now() + waitMs;
    const graceEnds = performance.now() + Math.min(LAST_CALL_MS, waitMs / 4);
    while (open.size > 0 && performance.now() < graceEnds) await sleep(IDLE_SWEEP_MS);
    const closed = new Promise<void>((done) => http.close(() => done()));
    const sweep = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      if (await within(closed, Math.max(0, deadline - performance.now()))) return true;
      http.closeAllConnections();
      await closed;
      return false;
    } finally {
      clearInterval(sweep);
    }
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `work` settled within `ms` (it goes on either way). */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
