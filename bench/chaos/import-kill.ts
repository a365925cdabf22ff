// kill -9 while the server runs a learner's 20,000-row import: the import is one job, so the
// restarted server must show it as failed with none of its words kept, and the same file
// imported again must then save every row once.
import type { ImportJob, LatestImport, Profile } from '@verba/shared';
import type { ServerProcess } from './server-process.ts';
import { signUp, type Ledger } from './workload.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const IMPORT_ROWS = 20_000;

export interface ImportKillFigures {
  /** Rows the job had staged when the server was killed. */
  stagedAtKill: number;
  /** Words of the import in the collection after the restart: a half import if above 0. */
  wordsAfterKill: number;
  /** The job's status as the restarted server shows it. */
  statusAfterKill: string;
  /** How long after the restart the job was shown as failed (a process elsewhere may run it). */
  failedAfterMs: number;
  /** The same file imported again: its status, the rows it saved, the words then. */
  retryStatus: string;
  retryImported: number;
  wordsAfterRetry: number;
}

function csv(rows: number): Uint8Array {
  const lines = Array.from({ length: rows }, (_, i) => `palabra ${i},"word ${i}, meaning ${i}"`);
  return new TextEncoder().encode(lines.join('\r\n'));
}

async function json<T>(url: string, cookie: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { cookie, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}`);
  return (await response.json()) as T;
}

const startImport = (url: string, cookie: string, file: Uint8Array) =>
  json<ImportJob>(`${url}/api/imports?fileName=words.csv`, cookie, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });

/** Polls the job until `until` says so, or the deadline passes. */
async function watch(
  url: string,
  cookie: string,
  id: string,
  until: (job: ImportJob) => boolean,
  timeoutMs = 180_000,
): Promise<ImportJob> {
  const since = Date.now();
  for (;;) {
    const job = await json<ImportJob>(`${url}/api/imports/${id}`, cookie);
    if (until(job)) return job;
    if (Date.now() - since > timeoutMs) throw new Error(`import ${id} still ${job.status}`);
    await pause(20);
  }
}

const totalWords = async (url: string, cookie: string) =>
  (await json<Profile>(`${url}/api/profile`, cookie)).totalWords;

export async function killDuringImport(
  server: ServerProcess,
  ledger: Ledger,
): Promise<ImportKillFigures> {
  const learner = await signUp(server.url, 'importer');
  ledger.userIds.push(learner.id);
  await json(`${server.url}/api/profile/onboarding`, learner.cookie, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nativeLanguage: 'en', targetLanguage: 'es' }),
  });
  const file = csv(IMPORT_ROWS);
  const job = await startImport(server.url, learner.cookie, file);
  // Killed at a random point of the staging, the job well under way.
  const killAt = Math.floor(IMPORT_ROWS * (0.2 + Math.random() * 0.6));
  const seen = await watch(server.url, learner.cookie, job.id, (j) => j.done >= killAt);
  await server.kill9();
  await server.start();

  const restarted = Date.now();
  const wordsAfterKill = await totalWords(server.url, learner.cookie);
  // On the embedded database the restarted process knows the job is dead; on PostgreSQL another
  // process could be running it, so it is failed once it has stopped moving for a minute.
  let latest = await json<LatestImport>(`${server.url}/api/imports/latest`, learner.cookie);
  while (latest.job?.status === 'running' && Date.now() - restarted < 120_000) {
    await pause(1_000);
    latest = await json<LatestImport>(`${server.url}/api/imports/latest`, learner.cookie);
  }
  const failedAfterMs = Date.now() - restarted;

  const retry = await startImport(server.url, learner.cookie, file);
  const retried = await watch(server.url, learner.cookie, retry.id, (j) => j.status !== 'running');
  return {
    stagedAtKill: seen.done,
    wordsAfterKill,
    statusAfterKill: latest.job?.status ?? 'none',
    failedAfterMs,
    retryStatus: retried.status,
    retryImported: retried.imported,
    wordsAfterRetry: await totalWords(server.url, learner.cookie),
  };
}
