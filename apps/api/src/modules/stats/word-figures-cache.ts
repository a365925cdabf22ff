import { LRUCache } from 'lru-cache';
import type { AppEvent, Events } from '../../lib/events.ts';

/**
 * The part of `GET /api/stats` read from a learner's words (the due forecast, the collection and
 * memory blocks: a pass over every word), kept per learner until their words change
 * (docs/decisions/050). Every write to a learner's words publishes `words.changed` (a card saved,
 * edited, deleted or restored, an answer that reschedules a word, Undo, a refit): this process
 * forgets as it publishes, other processes when the events bus brings it. An entry holds for one
 * key (the learner's zone and day), since the forecast's days move with the clock.
 */
export interface WordFiguresCache<T> {
  /** The learner's figures for `key`, from memory or from `read`. */
  get: (userId: string, key: string, read: () => Promise<T>) => Promise<T>;
  close: () => void;
}

export function createWordFiguresCache<T extends object>(
  events: Events,
  maxEntries = 2_000,
): WordFiguresCache<T> {
  // Every forgetting gets the next number; a read keeps its answer only if nothing of its learner
  // was forgotten since it began, or it could keep figures from before a write.
  let version = 0;
  // Forgettings no longer remembered (pushed out of `forgotten`, or lost with the events
  // connection) count as having happened to everyone at this number.
  let lostUpTo = 0;
  const kept = new LRUCache<string, { key: string; value: T }>({ max: maxEntries });
  const forgotten = new LRUCache<string, number>({
    max: maxEntries * 5,
    dispose: (at, _userId, reason) => {
      if (reason === 'evict') lostUpTo = Math.max(lostUpTo, at);
    },
  });
  const heard = (event: AppEvent) => {
    if (event.kind !== 'words.changed') return;
    version += 1;
    kept.delete(event.userId);
    forgotten.set(event.userId, version);
  };
  const unsubscribe = [
    events.onPublish(heard),
    events.subscribe(heard),
    events.onReset(() => {
      version += 1;
      lostUpTo = version;
      kept.clear();
    }),
  ];
  return {
    async get(userId, key, read) {
      const entry = kept.get(userId);
      if (entry?.key === key) return entry.value;
      const startedAt = version;
      const value = await read();
      if (Math.max(forgotten.get(userId) ?? 0, lostUpTo) <= startedAt) {
        kept.set(userId, { key, value });
      }
      return value;
    },
    close: () => unsubscribe.forEach((stop) => stop()),
  };
}
