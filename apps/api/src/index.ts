import { EnvError, loadEnv } from './env.ts';
import { startServer } from './server.ts';

async function main() {
  const server = await startServer(loadEnv());
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    void server.close().finally(() => process.exit(0));
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
