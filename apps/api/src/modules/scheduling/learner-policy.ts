import {
  computeRetentionPolicy,
  DEFAULT_POLICY_HORIZON_DAYS,
  DEFAULT_POLICY_LAMBDA,
  DEFAULT_POLICY_MAX_RETENTION,
  DEFAULT_POLICY_MIN_RETENTION,
  defaultRetentionPolicy,
  parseRetentionPolicy,
  serializeRetentionPolicy,
  type RetentionPolicyTable,
} from '@verba/srs';
import type { Logger } from '../../lib/logger.ts';
import { startWorker } from '../../lib/worker-thread.ts';

/**
 * A learner's per-state retention table (decision 001), computed for their adopted weights in
 * the background refit and stored serialized. Takes a noticeable fraction of a second: never on
 * a request's path.
 */
export function learnerPolicyText(weights: readonly number[]): string {
  return serializeRetentionPolicy(
    computeRetentionPolicy({ lambda: DEFAULT_POLICY_LAMBDA, weights }),
  );
}

/** The worker's entry: the TypeScript source, or the production build's bundle of it. */
const WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './policy-worker.ts' : './policy-worker.mjs',
  import.meta.url,
);
/** Far longer than a table takes; a worker still running then is stopped. */
const WORKER_TIMEOUT_MS = 60_000;

function tableInWorker(weights: readonly number[]): Promise<string> {
  const worker = startWorker(WORKER_ENTRY, { weights: [...weights] });
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('retention table worker timed out'));
      void worker.terminate();
    }, WORKER_TIMEOUT_MS);
    worker.once('message', (text: string) => resolve(text));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`retention table worker exited with ${code}`));
    });
  });
}

/**
 * `learnerPolicyText` in a worker thread: its fraction of a second of CPU would otherwise hold up
 * every request this process serves meanwhile. Should the worker fail, the table is computed here
 * after all, so that a refit never fails for want of a thread.
 */
export async function computeLearnerPolicyText(
  weights: readonly number[],
  logger: Pick<Logger, 'warn'>,
): Promise<string> {
  try {
    return await tableInWorker(weights);
  } catch (error) {
    logger.warn({ err: error }, 'retention table worker failed; computed in the server thread');
    return learnerPolicyText(weights);
  }
}

/**
 * Whether a stored table was computed for another objective than the product's (an earlier λ or
 * horizon): it stays usable, but the next background refit recomputes it for the learner's weights.
 * A table that does not parse is not stale (it is unusable, and replaced at the next adoption).
 */
export function isStalePolicy(stored: string): boolean {
  try {
    const table = parseRetentionPolicy(stored);
    return (
      table.lambda !== DEFAULT_POLICY_LAMBDA || table.horizonDays !== DEFAULT_POLICY_HORIZON_DAYS
    );
  } catch {
    return false;
  }
}

/** A stored table is used only within the product's range, so a wrong one cannot collapse recall. */
function withinSafeRange(table: RetentionPolicyTable): boolean {
  return (
    table.minRetention >= DEFAULT_POLICY_MIN_RETENTION &&
    table.maxRetention <= DEFAULT_POLICY_MAX_RETENTION
  );
}

/** Parsed stored tables by their text (null: unusable), so answers do not parse and check it again. */
const parsed = new Map<string, RetentionPolicyTable | null>();
/** Tables kept per process at most (about 10 kB of text and 15 kB parsed each); the oldest go first. */
const MAX_PARSED = 256;

function parseStored(stored: string): RetentionPolicyTable | null {
  try {
    const table = parseRetentionPolicy(stored);
    return withinSafeRange(table) ? table : null;
  } catch {
    return null;
  }
}

/**
 * The table a learner's words are scheduled with: their stored one when it parses and keeps to
 * the safe range, else the shared default. An unusable stored table is logged once per process
 * (without the learner or the table, which describe the person).
 */
export function learnerRetentionPolicy(
  stored: string | null,
  logger: Pick<Logger, 'warn'>,
): RetentionPolicyTable {
  if (stored === null) return defaultRetentionPolicy();
  let table = parsed.get(stored);
  if (table === undefined) {
    table = parseStored(stored);
    if (table === null) logger.warn('stored retention policy unusable; the default applies');
    if (parsed.size >= MAX_PARSED) parsed.delete(parsed.keys().next().value!);
    parsed.set(stored, table);
  }
  return table ?? defaultRetentionPolicy();
}
