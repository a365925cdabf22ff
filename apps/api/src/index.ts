import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createDatabase, migrateDatabase } from '@verba/db';
import { createApp } from './app.ts';
import { EnvError, loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { warmPasswordChecker } from './lib/password-strength.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';
import { resolveAuthSecret } from './secret.ts';
import { buildServices } from './services.ts';

async function main() {
  const started = performance.now();
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL);
  const handle = await createDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: join(resolve(env.DATA_DIR), 'db'),
  });
  await migrateDatabase(handle);
  const services = await buildServices({
    env,
    database: handle,
    logger,
    secret: resolveAuthSecret(env),
  });
  const webRoot = join(
    dirname(createRequire(import.meta.url).resolve('@verba/web/package.json')),
    'dist',
  );
  const app = createApp(services, { webRoot });

  const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
    logger.info(
      {
        port: info.port,
        url: env.PUBLIC_URL,
        database: handle.kind,
        startupMs: Math.round(performance.now() - started),
      },
      `Verba is listening on port ${info.port}`,
    );
    warmPasswordChecker();
  });
  const prune = setInterval(() => void pruneRateLimits(handle.db).catch(() => {}), 60 * 60 * 1000);
  prune.unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(prune);
    server.close(() => {
      void services
        .close()
        .then(() => handle.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Verba could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
