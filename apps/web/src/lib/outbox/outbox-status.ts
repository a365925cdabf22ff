import { useSyncExternalStore } from 'react';

/**
 * What the app shell says about practice waiting on the device: how many outbox entries wait for
 * the server, and for a moment after the last of them reached it, that all is synced. Kept apart
 * from the outbox itself (IndexedDB), which loads only once the first screen has painted.
 */
export interface OutboxStatus {
  /** Answers, starts and completions on the device that the server has not taken yet. */
  waiting: number;
  /** The outbox has just been emptied by a send. */
  synced: boolean;
}

/** How long "Synced" shows once the last waiting entry reached the server. */
export const SYNCED_SHOWN_MS = 4_000;

const EMPTY: OutboxStatus = { waiting: 0, synced: false };
let status = EMPTY;
let syncedTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: OutboxStatus) {
  if (next.waiting === status.waiting && next.synced === status.synced) return;
  status = next;
  for (const listener of listeners) listener();
}

/**
 * The number of entries waiting now; `sent` when a send to the server changed it, so that the
 * outbox emptied by a send says "Synced" for a moment.
 */
export function noteOutboxWaiting(waiting: number, sent = false): void {
  clearTimeout(syncedTimer);
  const emptied = sent && waiting === 0 && (status.waiting > 0 || status.synced);
  set({ waiting, synced: emptied });
  if (emptied) syncedTimer = setTimeout(() => set({ waiting: 0, synced: false }), SYNCED_SHOWN_MS);
}

/** Signed out: nothing of the learner's outbox shows. */
export function forgetOutboxStatus(): void {
  clearTimeout(syncedTimer);
  set(EMPTY);
}

export function outboxStatus(): OutboxStatus {
  return status;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutboxStatus(): OutboxStatus {
  return useSyncExternalStore(subscribe, outboxStatus, () => EMPTY);
}
