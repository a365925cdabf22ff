/**
 * A worker thread's entry: judges the passwords posted to it, one after another, and posts each
 * verdict back with the id it came with.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { scorePassword, type CheckerAnswer } from './password-strength.ts';

const answer = (message: CheckerAnswer) => parentPort?.postMessage(message);

// The lowest priority: on a busy machine the server's own thread gets the CPU first (on Linux the
// nice value is per thread, so this thread alone is lowered).
try {
  setPriority(19);
} catch {
  // Not allowed here; the checks still run, one after another.
}

parentPort?.on(
  'message',
  ({ id, password, userInputs }: { id: number; password: string; userInputs: string[] }) => {
    scorePassword(password, userInputs).then(
      (verdict) => answer({ id, verdict }),
      (error: unknown) => answer({ id, error: String(error) }),
    );
  },
);
