import { EnvError, loadEnv } from './env.ts';
import { startServer } from './server.ts';

/** Beyond the shutdown's own deadline, how long before the process is ended regardless. */
const EXIT_GRACE_MS = 1_000;

async function main() {
  const env = loadEnv();
  const server = await startServer(env);
  let stopping = false;
  // SIGTERM (a process manager, a rolling deploy) or SIGINT (Ctrl-C): stop gracefully and exit 0.
  // A second signal, or a shutdown that overruns its deadline, ends the process at once with 1.
  const stop = (signal: string) => {
    if (stopping) {
      server.logger.warn({ signal }, 'stopping at once');
      process.exit(1);
    }
    stopping = true;
    server.logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    setTimeout(() => {
      server.logger.error('shutdown did not finish in time');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + EXIT_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
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
