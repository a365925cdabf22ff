import type { Worker } from 'node:worker_threads';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { tooManyRequests } from './rate-limit.ts';
import { startWorker } from './worker-thread.ts';

/** Scores below this (0–4 scale) are refused: guessable within about a million tries. */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Only this many characters of a password are judged. The checker's work grows faster than the
 * length (a 72-digit `1234567890…` took seconds); a prefix this long that is strong makes the whole
 * password strong, and one that is weak is a weak start that the rest cannot be trusted to fix.
 */
export const JUDGED_LENGTH = 32;

/** Checks waiting for the checker beyond this are answered "try again" at once. */
const MAX_WAITING = 100;

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** Why it was refused and what would help, in words a user can act on. */
  reasons: string[];
}

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * Building the checker (its dictionaries ship in the packages: no network look-up, ever) takes
 * a few hundred milliseconds. Levenshtein matching stays off and l33t substitutions are tried ten
 * ways, not a hundred: each multiplied the cost of a check by five to a hundred (digits are all
 * l33t letters), and the dictionary and l33t matches still find the common passwords (p4ssw0rd).
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      useLevenshteinDistance: false,
      l33tMaxSubstitutions: 10,
    });
  })();
  return checker;
}

/** The verdict, computed in this thread: what the worker runs. */
export async function scorePassword(
  password: string,
  userInputs: string[],
): Promise<PasswordVerdict> {
  const result = (await loadChecker()).check(password.slice(0, JUDGED_LENGTH), userInputs);
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (r): r is string => typeof r === 'string' && r.length > 0,
  );
  if (result.score < MIN_PASSWORD_SCORE && reasons.length === 0) {
    reasons.push('Add more words or characters that are less common.');
  }
  return { ok: result.score >= MIN_PASSWORD_SCORE, score: result.score, reasons };
}

/** What the checker thread posts back for each password. */
export type CheckerAnswer =
  { id: number; verdict: PasswordVerdict } | { id: number; error: string };

interface Pending {
  resolve: (verdict: PasswordVerdict) => void;
  reject: (error: unknown) => void;
}

const WORKER_ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './password-worker.ts' : './password-worker.mjs',
  import.meta.url,
);

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/**
 * The one checker thread of this process. Its messages are its queue: checks run one after
 * another there, so however many arrive at once, the server's own thread keeps answering. It
 * keeps the process alive only while a check waits for its answer; should it fail, what was
 * waiting fails and the next check starts a new one.
 */
function checkerThread(): Worker {
  if (worker) return worker;
  const started = startWorker(WORKER_ENTRY);
  started.on('message', (answer: CheckerAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if ('verdict' in answer) waiting?.resolve(answer.verdict);
    else waiting?.reject(new Error(answer.error));
  });
  // After the listener: Node holds a thread's message channel open again whenever a first
  // 'message' listener is added, so an unref() before it left every process that had checked a
  // password (the benches, the command-line tools) running after its work was done.
  started.unref();
  const fail = (error: unknown) => {
    if (worker === started) worker = undefined;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`password checker exited with ${code}`)));
  worker = started;
  return started;
}

/** Starts the checker thread and its dictionaries in the background, after start-up. */
export function warmPasswordChecker(): void {
  checkerThread().postMessage({ id: -1, password: '', userInputs: [] });
}

/**
 * Judges a new password off the server's thread. Answers 429 when too many checks already wait,
 * rather than letting the wait grow without end.
 */
export function judgePassword(password: string, userInputs: string[]): Promise<PasswordVerdict> {
  if (pending.size >= MAX_WAITING) return Promise.reject(tooManyRequests(5));
  const thread = checkerThread();
  const id = nextId++;
  return new Promise<PasswordVerdict>((resolve, reject) => {
    // A check waited for keeps the process running until its answer; an idle thread does not.
    if (pending.size === 0) thread.ref();
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, password, userInputs });
  });
}
