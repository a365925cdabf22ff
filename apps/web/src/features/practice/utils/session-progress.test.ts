import { describe, expect, it } from 'vitest';
import type { PracticeItem, PracticeWord } from '@verba/shared';
import {
  advanceDelay,
  currentItem,
  dayCount,
  formatDuration,
  sessionProgress,
  wordCount,
  wordOf,
  missedWords,
  wordPosition,
  waitsForContinue,
} from './session-progress';

const W1 = '00000000-0000-4000-8000-000000000001';
const W2 = '00000000-0000-4000-8000-000000000002';

function item(index: number, wordId: string, completed: boolean): PracticeItem {
  return {
    index,
    wordId,
    type: 'spelling',
    direction: null,
    options: null,
    completed,
    correct: completed ? true : null,
  };
}

function word(id: string, text: string): PracticeWord {
  return {
    id,
    word: text,
    translation: text,
    ipa: null,
    reading: null,
    language: 'es',
    translationLanguage: 'en',
    examples: [],
    mastered: false,
  };
}

describe('currentItem', () => {
  it('is the first item not yet answered', () => {
    const items = [item(0, W1, true), item(1, W2, false), item(2, W1, false)];
    expect(currentItem({ items })?.index).toBe(1);
  });

  it('goes by the index, whatever order the items come in', () => {
    const items = [item(2, W1, false), item(0, W1, true), item(1, W2, false)];
    expect(currentItem({ items })?.index).toBe(1);
  });

  it('is null once every item is answered', () => {
    expect(currentItem({ items: [item(0, W1, true), item(1, W2, true)] })).toBeNull();
    expect(currentItem({ items: [] })).toBeNull();
  });
});

describe('progress', () => {
  it("counts answered items for the bar's 'n / total'", () => {
    const items = [item(0, W1, true), item(1, W2, true), item(2, W1, false), item(3, W2, false)];
    expect(sessionProgress({ items })).toEqual({ answered: 2, total: 4 });
  });

  it("places the item's word among the session's words ('Word x / y')", () => {
    const session = { words: [word(W1, 'gato'), word(W2, 'perro')] };
    expect(wordPosition(session, { wordId: W2 })).toEqual({ position: 2, total: 2 });
    expect(wordPosition(session, { wordId: W1 })).toEqual({ position: 1, total: 2 });
    // Finished: the counter rests on the last word.
    expect(wordPosition(session, null)).toEqual({ position: 2, total: 2 });
    expect(wordOf(session, { wordId: W2 })?.word).toBe('perro');
  });
});

describe('missedWords', () => {
  it('lists each word with a wrong answer once, in the session’s order', () => {
    const W3 = '00000000-0000-4000-8000-000000000003';
    const words = [word(W1, 'gato'), word(W2, 'perro'), word(W3, 'casa')];
    const items = [
      { ...item(0, W2, true), correct: false },
      item(1, W1, true),
      { ...item(2, W2, true), correct: false },
      { ...item(3, W3, true), correct: false },
      item(4, W3, false),
    ];
    expect(missedWords({ items, words }).map((w) => w.word)).toEqual(['perro', 'casa']);
    expect(missedWords({ items: [item(0, W1, true)], words })).toEqual([]);
  });
});

describe('waitsForContinue', () => {
  it('holds a wrong quiz or spelling answer for the learner, and nothing else', () => {
    expect(waitsForContinue('multiple-choice', false)).toBe(true);
    expect(waitsForContinue('spelling', false)).toBe(true);
    expect(waitsForContinue('multiple-choice', true)).toBe(false);
    expect(waitsForContinue('spelling', true)).toBe(false);
    expect(waitsForContinue('flashcard', false)).toBe(false);
  });
});

describe('advanceDelay', () => {
  it('moves on from a flashcard after 300 ms', () => {
    expect(advanceDelay('flashcard', true)).toBe(300);
    expect(advanceDelay('flashcard', false)).toBe(300);
  });

  it('keeps a quiz or spelling result 400 ms when right and 1000 ms when wrong', () => {
    expect(advanceDelay('multiple-choice', true)).toBe(400);
    expect(advanceDelay('multiple-choice', false)).toBe(1000);
    expect(advanceDelay('spelling', true)).toBe(400);
    expect(advanceDelay('spelling', false)).toBe(1000);
  });
});

describe('summary formatting', () => {
  it('shows seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(60)).toBe('1m 00s');
    expect(formatDuration(185)).toBe('3m 05s');
    expect(formatDuration(3720)).toBe('1h 02m');
    expect(formatDuration(-3)).toBe('0s');
  });

  it('names days and words in the singular and plural', () => {
    expect(dayCount(1)).toBe('1 day');
    expect(dayCount(0)).toBe('0 days');
    expect(dayCount(7)).toBe('7 days');
    expect(wordCount(1)).toBe('1 word');
    expect(wordCount(5)).toBe('5 words');
  });
});
