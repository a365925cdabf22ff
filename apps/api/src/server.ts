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
  /** Stops taking requests, lets the open ones finish and closes the database. */
  close: () => Promise<void>;
}

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
    close: async () => {
      clearInterval(prune);
      await new Promise<void>((done) => server.close(() => done()));
      await services.close();
      await handle.close();
    },
  };
}
