import { describe, expect, it } from 'vitest';
import { practiceSession, practiceWord } from '@/testing/practice-data';
import { answerOnDevice } from './answer-on-device';

const NOW = new Date('2026-11-26T10:00:00.000Z');
const dog = practiceWord({ word: 'el perro', translation: 'the dog' });
const cat = practiceWord({ word: 'el gato', translation: 'the cat' });
const figures = { responseTimesMs: [4_000, 50_000], currentStreak: 0 };
const answerId = (n: number) => `0190f0a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('an answer checked on the device', () => {
  it('finds a quiz’s right option by its word’s translation, as the server stored it', () => {
    const session = practiceSession([
      { type: 'multiple-choice', word: dog, options: ['the cat', 'The Dog ', 'the bird', 'x'] },
      { type: 'spelling', word: cat },
    ]);
    const right = answerOnDevice(
      session,
      {
        id: answerId(1),
        itemIndex: 0,
        answer: { type: 'multiple-choice', optionIndex: 1 },
        responseTimeMs: 900,
      },
      NOW,
      figures,
    );
    expect(right.refused).toBeUndefined();
    if (right.refused) return;
    expect(right.result).toMatchObject({ correct: true, expected: 'The Dog ', completedAt: null });
    expect(right.session.items[0]).toMatchObject({ completed: true, correct: true });

    const wrong = answerOnDevice(
      session,
      {
        id: answerId(2),
        itemIndex: 0,
        answer: { type: 'multiple-choice', optionIndex: 0 },
        responseTimeMs: 900,
      },
      NOW,
      figures,
    );
    expect(wrong.refused ? null : wrong.result.correct).toBe(false);
  });

  it('completes the session with its summary after the last item', () => {
    const session = practiceSession([
      { type: 'spelling', word: cat },
      { type: 'spelling', word: dog },
    ]);
    const first = answerOnDevice(
      session,
      {
        id: answerId(1),
        itemIndex: 0,
        answer: { type: 'spelling', text: ' EL GATO' },
        responseTimeMs: 4_000,
      },
      NOW,
      figures,
    );
    if (first.refused) throw new Error('refused');
    expect(first.result.correct).toBe(true);
    const last = answerOnDevice(
      first.session,
      {
        id: answerId(2),
        itemIndex: 1,
        answer: { type: 'spelling', text: 'el gato' },
        responseTimeMs: 50_000,
      },
      NOW,
      figures,
    );
    if (last.refused) throw new Error('refused');
    expect(last.result).toMatchObject({ correct: false, expected: 'el perro' });
    expect(last.session.completedAt).toBe(NOW.toISOString());
    // 4 s and 50 s capped at 30 s per item; a first day of practice is a streak of 1.
    expect(last.session.summary).toEqual({
      wordsPracticed: 2,
      correctCount: 1,
      accuracy: 50,
      totalTimeSeconds: 34,
      currentStreak: 1,
    });
  });

  it('refuses what the server would refuse: an item answered, a session ended, a wrong type', () => {
    const session = practiceSession([{ type: 'spelling', word: cat }], {
      expiresAt: '2026-11-26T23:59:59.000Z',
    });
    const answered = {
      ...session,
      items: session.items.map((i) => ({ ...i, completed: true, correct: true })),
    };
    const input = {
      id: answerId(3),
      itemIndex: 0,
      answer: { type: 'spelling' as const, text: 'el gato' },
      responseTimeMs: 1,
    };
    expect(answerOnDevice(answered, input, NOW, figures).refused?.code).toBe('CONFLICT');
    const tomorrow = new Date('2026-11-27T00:00:00.000Z');
    expect(answerOnDevice(session, input, tomorrow, figures).refused?.code).toBe('CONFLICT');
    const flashcard = { ...input, answer: { type: 'flashcard' as const, knew: true } };
    expect(answerOnDevice(session, flashcard, NOW, figures).refused?.code).toBe('VALIDATION_ERROR');
  });
});
