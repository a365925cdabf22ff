import { describe, expect, it } from 'vitest';
import { buildItems, followsItemRules, type WordOnDevice } from '@verba/shared';
import { practisedOnDevice, sessionOnDevice } from './session-on-device';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const HOUR = 3_600_000;

/** A fixed sequence, so every shuffle is reproducible. */
function seeded(seed = 7): () => number {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

function word(n: number, dueInHours: number, repetitions = 0): WordOnDevice {
  return {
    id: `0190f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    word: `palabra ${n}`,
    translation: `word ${n}`,
    ipa: null,
    reading: null,
    language: 'es',
    translationLanguage: 'en',
    examples: [],
    mastered: false,
    repetitions,
    nextReviewDate: new Date(NOW.getTime() + dueInHours * HOUR).toISOString(),
  };
}

const start = (mode: 'daily' | 'infinity', random = seeded()) => ({
  id: '0190f0a0-0000-7000-8000-00000000beef',
  mode,
  now: NOW,
  timeZone: 'Europe/Berlin',
  random,
});

describe('a session started on the device', () => {
  // Seven words due at different times, two not yet due; the kept order is not the due order.
  const kept = [
    word(1, -1, 9),
    word(2, -30, 0),
    word(3, 5),
    word(4, -2, 4),
    word(5, -48, 1),
    word(6, -3, 0),
    word(7, -10, 12),
    word(8, 30),
  ];

  it('takes the 5 words due longest, oldest first, with the items the server would build from the same draws', () => {
    const started = sessionOnDevice(kept, start('daily'));
    if (!started) throw new Error('nothing started');
    const { session, entry } = started;
    expect(session.words.map((w) => w.word)).toEqual([
      'palabra 5',
      'palabra 2',
      'palabra 7',
      'palabra 6',
      'palabra 4',
    ]);
    // The server's builder, given the same words, pool and random source, builds the same items.
    const picked = [kept[4]!, kept[1]!, kept[6]!, kept[5]!, kept[3]!];
    const serverItems = buildItems(picked, {
      mode: 'daily',
      translations: kept.map((w) => w.translation),
      random: seeded(),
    });
    expect(entry.items).toEqual(
      serverItems.map(({ wordId, type, direction, options, correctOption }) => ({
        wordId,
        type,
        direction,
        options,
        correctOption,
      })),
    );
    expect(session.items.map((i) => [i.wordId, i.type, i.options])).toEqual(
      serverItems.map((i) => [i.wordId, i.type, i.options]),
    );
    // The server's check of a start made offline takes it.
    const translations = new Map(kept.map((w) => [w.id, w.translation]));
    expect(followsItemRules(entry.wordIds, entry.items, translations)).toBe(true);
    expect(entry).toMatchObject({
      kind: 'start',
      id: session.id,
      at: NOW.toISOString(),
      timeZone: 'Europe/Berlin',
      mode: 'daily',
    });
    // It lasts until midnight in the learner's zone, as the server's session does.
    expect(session.expiresAt).toBe('2026-11-27T23:00:00.000Z');
    expect(session.words[0]).not.toHaveProperty('repetitions');
  });

  it('starts no daily session when nothing is due, and an infinity round of up to 20 words', () => {
    const later = [word(1, 2), word(2, 3)];
    expect(sessionOnDevice(later, start('daily'))).toBeNull();
    const many = Array.from({ length: 30 }, (_, i) => word(i + 1, i));
    const round = sessionOnDevice(many, start('infinity'));
    expect(round?.session.words).toHaveLength(20);
    expect(new Set(round?.entry.wordIds).size).toBe(20);
    expect(sessionOnDevice([], start('infinity'))).toBeNull();
  });

  it('keeps the words of a daily session finished on the device from being due again today', () => {
    const started = sessionOnDevice(kept, start('daily'));
    if (!started) throw new Error('nothing started');
    const after = practisedOnDevice(kept, started.session);
    expect(sessionOnDevice(after, start('daily'))?.session.words.map((w) => w.word)).toEqual([
      'palabra 1',
    ]);
  });
});
