/**
 * A worker thread's entry: judges the passwords posted to it, one after another, and posts each
 * verdict back with the id it came with.
 */
import { parentPort } from 'node:worker_threads';
import { scorePassword, type CheckerAnswer } from './password-strength.ts';

const answer = (message: CheckerAnswer) => parentPort?.postMessage(message);

parentPort?.on(
  'message',
  ({ id, password, userInputs }: { id: number; password: string; userInputs: string[] }) => {
    scorePassword(password, userInputs).then(
      (verdict) => answer({ id, verdict }),
      (error: unknown) => answer({ id, error: String(error) }),
    );
  },
);
