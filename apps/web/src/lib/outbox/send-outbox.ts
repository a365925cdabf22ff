import { SYNC_LIMITS, type SyncEntry, type SyncResponse, type SyncResult } from '@verba/shared';
import type { Outbox, OutboxRecord } from './outbox-store';

/** What one sending of the outbox did. */
export interface SendReport {
  /** Entries the server took (applied now or before). */
  taken: number;
  /** Entries the server would not count: refused with a reason, or answers to deleted words. */
  notCounted: number;
  /** The first reason given for an entry not counted. */
  reason: string | null;
  /** Entries still waiting: the server could not be reached, or failed. */
  waiting: number;
  /** Whether a request failed; what it did not send is tried again at the next occasion. */
  failed: boolean;
}

/** Entries per request at most: 500 answers with their sessions' starts and completions. */
const BATCH_ENTRIES = SYNC_LIMITS.batchEntries;
/** Bytes per request at most, well inside what the server takes: a start carries its items. */
const BATCH_BYTES = SYNC_LIMITS.maxBodyBytes / 2;

/** The oldest entries that fit in one request, in order. */
export function nextBatch(records: readonly OutboxRecord[]): OutboxRecord[] {
  const batch: OutboxRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = JSON.stringify(record.entry).length + 1;
    if (batch.length > 0 && (bytes + size > BATCH_BYTES || batch.length === BATCH_ENTRIES)) break;
    batch.push(record);
    bytes += size;
  }
  return batch;
}

const counts = (result: SyncResult) => result.status === 'applied' || result.status === 'duplicate';

/**
 * Sends a learner's outbox in order, a batch at a time, until it is empty or a request fails.
 * Every entry the server answered is settled (taken, or not counted with its reason) and leaves
 * the outbox; a batch whose request failed stays whole and goes again next time, and the server
 * answers the entries it had already taken as duplicates.
 */
export async function sendOutbox(
  outbox: Outbox,
  learnerId: string,
  send: (entries: SyncEntry[]) => Promise<SyncResponse>,
): Promise<SendReport> {
  const report: SendReport = { taken: 0, notCounted: 0, reason: null, waiting: 0, failed: false };
  for (;;) {
    const batch = nextBatch(await outbox.oldest(learnerId, BATCH_ENTRIES));
    if (batch.length === 0) return report;
    let response: SyncResponse;
    try {
      response = await send(batch.map((record) => record.entry));
    } catch {
      report.failed = true;
      report.waiting = await outbox.count(learnerId);
      return report;
    }
    const settled: number[] = [];
    batch.forEach((record, i) => {
      const result = response.results[i];
      // An answer that names another entry, or none, leaves this one to be sent again.
      if (!result || result.id !== record.entry.id) return;
      settled.push(record.seq);
      if (counts(result)) {
        report.taken++;
      } else {
        report.notCounted++;
        report.reason ??= result.reason;
      }
    });
    await outbox.remove(settled);
    if (settled.length < batch.length) {
      report.failed = true;
      report.waiting = await outbox.count(learnerId);
      return report;
    }
  }
}
