import {
  buildItems,
  endOfLocalDay,
  PRACTICE_LIMITS,
  shuffle,
  type PracticeSession,
  type SessionMode,
  type SyncEntry,
  type WordOnDevice,
} from '@verba/shared';

type StartEntry = Extract<SyncEntry, { kind: 'start' }>;

/**
 * A session started on the device while the server cannot be reached, from the words it keeps
 * (`GET /api/practice/offline-words`), built as the server builds one: a daily session takes the
 * words due now, oldest due first, up to 5; an infinity round up to 20 words at random; the items
 * come from the shared `buildItems`, with quiz distractors drawn from the kept words'
 * translations. Returns the session the runner shows and the outbox entry that tells the server,
 * or null when there is nothing to practise.
 */
export function sessionOnDevice(
  words: readonly WordOnDevice[],
  start: { id: string; mode: SessionMode; now: Date; timeZone: string; random: () => number },
): { session: PracticeSession; entry: StartEntry } | null {
  const { id, mode, now, timeZone, random } = start;
  const picked =
    mode === 'daily'
      ? words
          .filter((w) => Date.parse(w.nextReviewDate) <= now.getTime())
          .sort(
            (a, b) =>
              Date.parse(a.nextReviewDate) - Date.parse(b.nextReviewDate) || (a.id < b.id ? -1 : 1),
          )
          .slice(0, PRACTICE_LIMITS.dueWordsPerSession)
      : shuffle(words, random).slice(0, PRACTICE_LIMITS.infinityWords);
  if (picked.length === 0) return null;
  const items = buildItems(picked, {
    mode,
    translations: words.map((w) => w.translation),
    random,
  });
  const session: PracticeSession = {
    id,
    mode,
    words: picked.map(({ repetitions: _r, nextReviewDate: _d, ...word }) => word),
    items: items.map((item) => ({
      index: item.index,
      wordId: item.wordId,
      type: item.type,
      direction: item.direction,
      options: item.options,
      completed: false,
      correct: null,
    })),
    startedAt: now.toISOString(),
    expiresAt: endOfLocalDay(now, timeZone).toISOString(),
    completedAt: null,
    summary: null,
  };
  const entry: StartEntry = {
    kind: 'start',
    id,
    at: session.startedAt,
    timeZone,
    mode,
    wordIds: picked.map((w) => w.id),
    items: items.map(({ wordId, type, direction, options, correctOption }) => ({
      wordId,
      type,
      direction,
      options,
      correctOption,
    })),
  };
  return { session, entry };
}

/**
 * The kept words after a daily session finished on the device: its words are not due again
 * today (the server reschedules them when the answers reach it).
 */
export function practisedOnDevice(
  words: readonly WordOnDevice[],
  session: Pick<PracticeSession, 'mode' | 'words' | 'expiresAt'>,
): WordOnDevice[] {
  if (session.mode !== 'daily') return [...words];
  const practised = new Set(session.words.map((w) => w.id));
  return words.map((w) =>
    practised.has(w.id) && Date.parse(w.nextReviewDate) < Date.parse(session.expiresAt)
      ? { ...w, nextReviewDate: session.expiresAt }
      : w,
  );
}
