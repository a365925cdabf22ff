import { SYNC_LIMITS } from '@verba/shared';
import { answerCount } from './texts';

/** What the learner is told about sending the outbox: loaded with it, after the first paint. */
export const OUTBOX_TEXT = {
  notCounted: (count: number) => `${answerCount(count)} could not be counted`,
  nearlyFull: (count: number) =>
    `${answerCount(count)} are waiting on this device. Go online to sync them: at ${SYNC_LIMITS.outboxEntries.toLocaleString('en-US')} no more can be kept.`,
  full: 'This device holds as many answers as it can. Go online to sync them, then go on.',
  evicted: (count: number) => `The browser cleared ${answerCount(count)} that were waiting to sync`,
  /** Signing out with answers still waiting (features/auth). */
  unsyncedTitle: (count: number) =>
    `${answerCount(count)} ${count === 1 ? 'has' : 'have'} not reached the server yet`,
  unsyncedDescription:
    'Answers given offline are kept on this device only until then. Signing out now loses them; wait, and they are synced as soon as the device is online.',
  waitForSync: 'Wait for sync',
  signOutAnyway: 'Sign out and lose them',
  evictedDescription:
    'They were saved on this device only and could not be counted. Installing the app keeps its storage safer.',
} as const;
