import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { SYNC_LIMITS, type SyncEntry } from '@verba/shared';
import { newWordId } from '../core/new-id';

/**
 * The outbox: practice done while the server could not be reached (session starts, answers,
 * completions), kept in IndexedDB until the server has taken each entry. Entries belong to one
 * learner: every read and write names the learner, so another learner signed in on the same
 * device never sends or sees them. They come back in the order they were made.
 */

/** One stored entry: `seq` is given by the store and keeps the order entries were made in. */
export interface OutboxRecord {
  seq: number;
  learnerId: string;
  /** The session the entry belongs to (a start's own id), to tell whether a session waits. */
  sessionId: string;
  entry: SyncEntry;
}

interface OutboxSchema extends DBSchema {
  entries: {
    key: number;
    value: OutboxRecord;
    indexes: { byLearner: [string, number]; bySession: [string, string] };
  };
  /** `instance`: an id made when the database was created, to notice a store the browser cleared. */
  meta: { key: string; value: string };
}

type NewRecord = Omit<OutboxRecord, 'seq'>;

export const OUTBOX_DB_NAME = 'verba-outbox';

/** Too many entries waiting: the learner is told before it comes to this (`nearlyFull`). */
export class OutboxFullError extends Error {
  constructor() {
    super('The outbox is full');
    this.name = 'OutboxFullError';
  }
}

/** Entries waiting from which the learner is told to go online before the outbox is full. */
export const OUTBOX_WARNING_AT = SYNC_LIMITS.outboxEntries - 500;

const sessionOf = (entry: SyncEntry) => (entry.kind === 'start' ? entry.id : entry.sessionId);

/** Every key of one learner's entries in `seq` order. */
const learnerRange = (learnerId: string) =>
  IDBKeyRange.bound([learnerId, -Infinity], [learnerId, Infinity]);

export interface Outbox {
  /** Adds entries in order, all or none; refuses them when the learner's outbox would be full. */
  add(learnerId: string, entries: readonly SyncEntry[]): Promise<number>;
  count(learnerId: string): Promise<number>;
  /** The learner's oldest entries, up to `limit`. */
  oldest(learnerId: string, limit: number): Promise<OutboxRecord[]>;
  remove(seqs: readonly number[]): Promise<void>;
  /** Removes every entry of the learner's: they sign out without waiting for them to sync. */
  clear(learnerId: string): Promise<void>;
  /** Whether the learner has entries of this session waiting. */
  holdsSession(learnerId: string, sessionId: string): Promise<boolean>;
  /** The id made when this database was created (a new one after the browser cleared it). */
  instance(): Promise<string>;
}

export function openOutbox(name = OUTBOX_DB_NAME, limit: number = SYNC_LIMITS.outboxEntries) {
  let opened: Promise<IDBPDatabase<OutboxSchema>> | undefined;
  const db = () =>
    (opened ??= openDB<OutboxSchema>(name, 1, {
      upgrade(database, _oldVersion, _newVersion, tx) {
        const entries = database.createObjectStore('entries', {
          keyPath: 'seq',
          autoIncrement: true,
        });
        entries.createIndex('byLearner', ['learnerId', 'seq']);
        entries.createIndex('bySession', ['learnerId', 'sessionId']);
        database.createObjectStore('meta');
        void tx.objectStore('meta').put(newWordId(), 'instance');
      },
    }));

  const outbox: Outbox = {
    async add(learnerId, entries) {
      const tx = (await db()).transaction('entries', 'readwrite');
      const store = tx.store;
      const waiting = await store.index('byLearner').count(learnerRange(learnerId));
      if (waiting + entries.length > limit) {
        tx.abort();
        await tx.done.catch(() => undefined);
        throw new OutboxFullError();
      }
      for (const entry of entries) {
        const record: NewRecord = { learnerId, sessionId: sessionOf(entry), entry };
        // `seq` is filled in by the store.
        await store.add(record as OutboxRecord);
      }
      await tx.done;
      return waiting + entries.length;
    },
    async count(learnerId) {
      return (await db()).countFromIndex('entries', 'byLearner', learnerRange(learnerId));
    },
    async oldest(learnerId, max) {
      return (await db()).getAllFromIndex('entries', 'byLearner', learnerRange(learnerId), max);
    },
    async remove(seqs) {
      const tx = (await db()).transaction('entries', 'readwrite');
      await Promise.all([...seqs.map((seq) => tx.store.delete(seq)), tx.done]);
    },
    async clear(learnerId) {
      const tx = (await db()).transaction('entries', 'readwrite');
      let cursor = await tx.store.index('byLearner').openCursor(learnerRange(learnerId));
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    async holdsSession(learnerId, sessionId) {
      const found = await (
        await db()
      ).countFromIndex('entries', 'bySession', IDBKeyRange.only([learnerId, sessionId]));
      return found > 0;
    },
    async instance() {
      return (await (await db()).get('meta', 'instance')) ?? '';
    },
  };
  return outbox;
}
