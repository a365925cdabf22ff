// kill -9 while the server applies a device's offline batch (POST /api/practice/sync, 500
// answers): the device sends the batch again until it is answered, as its outbox does. Nothing
// the server acknowledged may be lost and nothing applied twice: every answer is in the review
// log once, every session completed once, and the study time credited once per session.
import { creditedSeconds, studyMinutes, type SyncEntry, type SyncResponse } from '@verba/shared';
import { seedWords } from '../server.ts';
import { BATCH_WORDS, earlyOnDay, outbox, practisedWords } from '../sync-batch.ts';
import type { ServerProcess } from './server-process.ts';
import { signUp, type Ledger } from './workload.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SyncKillFigures {
  batches: number;
  kills: number;
  /** Entries the resent batch found applied before the kill (committed, answer lost). */
  committedBeforeKill: number;
  /** Entries applied only when sent again (the kill came before the commit). */
  appliedOnResend: number;
  /** Entries of a resent batch refused: an entry the kill left half applied would be. */
  refusedOnResend: number;
  /** Requests of a batch sent again because the server was down or its answer cut off. */
  resends: number;
  /** Study minutes the profile shows, and what the sessions credit once each. */
  studyMinutes: number;
  expectedStudyMinutes: number;
  completedSessions: number;
  batchMs: number[];
}

/** Sends the batch until the server answers 200 (it may be down, or restarting). */
async function sendUntilAnswered(
  url: string,
  cookie: string,
  entries: SyncEntry[],
  onResend: () => void,
): Promise<SyncResponse> {
  for (;;) {
    const response = await fetch(`${url}/api/practice/sync`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ entries }),
    }).catch(() => null);
    if (response?.ok) return (await response.json()) as SyncResponse;
    onResend();
    await pause(100);
  }
}

/**
 * `kills` batches each killed at a random moment of its application (the first batch, sent
 * whole, times one), then sent again on the restarted server, and a last kill once all were
 * answered; the answers go in `ledger`.
 */
export async function killDuringSyncBatches(
  server: ServerProcess,
  ledger: Ledger,
  kills: number,
): Promise<SyncKillFigures> {
  const learner = await signUp(server.url, 'sync');
  ledger.userIds.push(learner.id);
  await fetch(`${server.url}/api/profile/onboarding`, {
    method: 'POST',
    headers: { cookie: learner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ nativeLanguage: 'en', targetLanguage: 'es' }),
  });
  await seedWords(server.url, learner.cookie, BATCH_WORDS);
  const words = await practisedWords(server.url, learner.cookie);
  const figures: SyncKillFigures = {
    batches: kills + 1,
    kills: 0,
    committedBeforeKill: 0,
    appliedOnResend: 0,
    refusedOnResend: 0,
    resends: 0,
    studyMinutes: 0,
    expectedStudyMinutes: 0,
    completedSessions: 0,
    batchMs: [],
  };
  const batches = Array.from({ length: kills + 1 }, (_, b) =>
    // A day's outbox each, in the order they happened.
    outbox(words, earlyOnDay(kills + 1 - b)),
  );
  for (const [b, entries] of batches.entries()) {
    const since = performance.now();
    const sent = sendUntilAnswered(server.url, learner.cookie, entries, () => figures.resends++);
    if (b > 0) {
      // Somewhere in the batch's application as long as the first one took, or just after its
      // answer (then the kill must not take back what was acknowledged).
      const first = figures.batchMs[0] ?? 1_000;
      await Promise.race([sent, pause(first * (0.1 + 1.1 * Math.random()))]);
      await server.kill9();
      figures.kills++;
      await server.start();
    }
    const response = await sent;
    figures.batchMs.push(Math.round(performance.now() - since));
    for (const r of response.results) {
      if (r.status === 'duplicate') figures.committedBeforeKill++;
      if (r.status === 'refused') figures.refusedOnResend++;
      if (b > 0 && r.status === 'applied') figures.appliedOnResend++;
    }
    for (const entry of entries) if (entry.kind === 'answer') ledger.answers.add(entry.id);
    for (const [s, start] of entries.entries()) {
      if (start.kind !== 'start') continue;
      const answers = entries.slice(s + 1, s + 1 + start.items.length);
      figures.expectedStudyMinutes += studyMinutes(
        creditedSeconds(answers.map((a) => (a.kind === 'answer' ? a.responseTimeMs : 0))),
      );
      figures.completedSessions++;
    }
  }
  // Killed once more just after the last batch was answered: what it acknowledged stays.
  await server.kill9();
  figures.kills++;
  await server.start();
  const profile = (await (
    await fetch(`${server.url}/api/profile`, { headers: { cookie: learner.cookie } })
  ).json()) as { totalStudyTime: number };
  figures.studyMinutes = profile.totalStudyTime;
  return figures;
}
