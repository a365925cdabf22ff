import type { Logger } from './logger.ts';

export interface PeriodicJob {
  /** Runs the job now unless a run is under way; resolves when that run ends. */
  runNow: () => Promise<void>;
  /** Stops the timer and waits for a run under way. */
  stop: () => Promise<void>;
}

/**
 * Runs `task` every `intervalMs` off any request's path: one run at a time, a failure is logged
 * and the next tick tries again, and the timer never keeps the process alive.
 */
export function periodicJob(
  name: string,
  task: () => Promise<void>,
  intervalMs: number,
  logger: Logger,
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = () => {
    if (stopped) return Promise.resolve();
    running ??= task()
      .catch((error: unknown) => logger.error({ err: error, job: name }, 'background job failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), intervalMs);
  timer.unref();
  return {
    runNow,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
