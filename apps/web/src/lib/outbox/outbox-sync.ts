import type { SyncEntry, SyncResponse } from '@verba/shared';
import { toast } from 'sonner';
import { api } from '../core/api-client';
import { isOnline, onReachabilityChange } from '../core/online';
import { queryClient } from '../core/query-client';
import { markStale } from '../core/query-invalidation';
import { onLiveUpdate } from '../live-update-events';
import { noteOutboxWaiting } from './outbox-status';
import { OUTBOX_WARNING_AT, OutboxFullError, openOutbox, type Outbox } from './outbox-store';
import { sendOutbox } from './send-outbox';
import { OUTBOX_TEXT } from './sync-texts';

/**
 * Practice made offline, sent to the server: the outbox is sent when the app starts, when the
 * browser or the server is back, when the page is shown again and when the live-updates stream
 * reconnects; each tab sends, one at a time across tabs where the browser can say so (Web Locks),
 * and the server counts an entry sent twice once. This module is loaded after the first paint.
 */

const outbox: Outbox = openOutbox();
/** Tabs tell each other the outbox changed, so each shows the same count. */
const CHANNEL = 'verba-outbox';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** The database made when the outbox was first used on this device, and what was last waiting. */
const INSTANCE_KEY = 'verba-outbox-instance';
const waitingKey = (learnerId: string) => `verba-outbox-waiting:${learnerId}`;

let learner: string | null = null;
let sending: Promise<void> | null = null;
let again = false;

function remember(learnerId: string, waiting: number) {
  try {
    localStorage.setItem(waitingKey(learnerId), String(waiting));
  } catch {
    // Storage blocked: eviction cannot be told apart then, nothing else changes.
  }
}

async function recount(sent = false) {
  const learnerId = learner;
  if (!learnerId) return;
  const waiting = await outbox.count(learnerId);
  if (learner !== learnerId) return;
  remember(learnerId, waiting);
  noteOutboxWaiting(waiting, sent);
}

const postBatch = (entries: SyncEntry[]) =>
  api.post<SyncResponse>('/api/practice/sync', { entries });

/** One send at a time in this tab; one asked for meanwhile runs once it is done. */
export function requestSend(): void {
  if (!learner || !isOnline()) return;
  if (sending) {
    again = true;
    return;
  }
  const learnerId = learner;
  const run = async () => {
    const report = await sendOutbox(outbox, learnerId, postBatch);
    // Practice made offline reached the server: what completing a session changes.
    if (report.taken > 0) void markStale(queryClient, 'session.completed');
    if (report.notCounted > 0) {
      toast.warning(OUTBOX_TEXT.notCounted(report.notCounted), {
        description: report.reason ?? undefined,
      });
    }
    if (report.taken + report.notCounted > 0) channel?.postMessage('changed');
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  sending = (locks ? locks.request(`${CHANNEL}:${learnerId}`, run) : run())
    .catch(() => undefined)
    .then(() => recount(true))
    .finally(() => {
      sending = null;
      if (again) {
        again = false;
        requestSend();
      }
    });
}

/**
 * Keeps entries made offline (in order, all or none) and tries to send them. Throws
 * `OutboxFullError` when the outbox has no room; warns once it is nearly full.
 */
export async function queueEntries(learnerId: string, entries: readonly SyncEntry[]) {
  const waiting = await outbox.add(learnerId, entries);
  remember(learnerId, waiting);
  if (learnerId === learner) noteOutboxWaiting(waiting);
  channel?.postMessage('changed');
  if (waiting >= OUTBOX_WARNING_AT) {
    toast.warning(OUTBOX_TEXT.nearlyFull(waiting), { id: 'outbox-nearly-full' });
  }
  void askToKeepStorage();
  requestSend();
}

/** Whether answers to this session wait on the device: later ones join them, in order. */
export function holdsSession(learnerId: string, sessionId: string): Promise<boolean> {
  return outbox.holdsSession(learnerId, sessionId);
}

export { OutboxFullError };

/** What a learner is told when the outbox has no room. */
export const OUTBOX_FULL_TEXT = OUTBOX_TEXT.full;

export { OUTBOX_TEXT };

/** Asks the browser not to clear the site's storage when space runs short. */
async function askToKeepStorage() {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (storage && !(await storage.persisted())) await storage.persist();
  } catch {
    // Not offered: the outbox is still kept, but the browser may clear it under pressure.
  }
}

/**
 * A database other than the one this device made before means the browser cleared the site's
 * storage: what was waiting then is lost, and the learner is told how much.
 */
async function reportEviction(learnerId: string) {
  const instance = await outbox.instance();
  let known: string | null = null;
  let lost = 0;
  try {
    known = localStorage.getItem(INSTANCE_KEY);
    lost = Number(localStorage.getItem(waitingKey(learnerId)) ?? 0) || 0;
    localStorage.setItem(INSTANCE_KEY, instance);
  } catch {
    return;
  }
  if (known !== null && known !== instance && lost > 0) {
    toast.warning(OUTBOX_TEXT.evicted(lost), { description: OUTBOX_TEXT.evictedDescription });
    remember(learnerId, 0);
  }
}

/** Starts sending the learner's outbox at every occasion; returns the function that stops it. */
export function startOutboxSync(learnerId: string): () => void {
  learner = learnerId;
  const start = async () => {
    await reportEviction(learnerId);
    await recount();
    requestSend();
  };
  void start().catch(() => undefined);
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestSend();
  };
  // Another tab queued or sent: a send there that emptied the outbox says "Synced" here too.
  const onChanged = () => void recount(true);
  let wasOnline = isOnline();
  const stops = [
    onReachabilityChange(() => {
      const online = isOnline();
      if (online && !wasOnline) requestSend();
      wasOnline = online;
    }),
    onLiveUpdate((update) => {
      if (update.kind === 'reset') requestSend();
    }),
  ];
  document.addEventListener('visibilitychange', onVisible);
  channel?.addEventListener('message', onChanged);
  return () => {
    if (learner === learnerId) learner = null;
    for (const stop of stops) stop();
    document.removeEventListener('visibilitychange', onVisible);
    channel?.removeEventListener('message', onChanged);
  };
}

/** How many entries wait for this learner (sign-out says how many would be lost). */
export function waitingFor(learnerId: string): Promise<number> {
  return outbox.count(learnerId);
}

/** The learner signs out without waiting: nothing of theirs stays on the device. */
export async function forgetOutbox(learnerId: string): Promise<void> {
  await outbox.clear(learnerId);
  remember(learnerId, 0);
  channel?.postMessage('changed');
}
