import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeItem, PracticeSession, SubmitAnswerInput } from '@verba/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerResult, practiceSession, practiceWord } from '@/testing/practice-data';
import { renderInApp } from '@/testing/render';
import { PracticeRunner } from './practice-runner';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * The practice API as the runner meets it: answers are checked by `isCorrect`, each answer's
 * request is kept, and Undo reopens the last answered item.
 */
function fakeApi(session: PracticeSession, isCorrect: (input: SubmitAnswerInput) => boolean) {
  const answers: SubmitAnswerInput[] = [];
  let current = session;
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (url.endsWith('/answers')) {
      const input = body as unknown as SubmitAnswerInput;
      answers.push(input);
      const result = answerResult(current, input.itemIndex, { correct: isCorrect(input) });
      current = {
        ...current,
        items: current.items.map((i) => (i.index === input.itemIndex ? result.item : i)),
      };
      return Promise.resolve(json(200, result));
    }
    if (url.endsWith('/undo')) {
      const last = answers.at(-1);
      current = {
        ...current,
        items: current.items.map((i): PracticeItem =>
          i.index === last?.itemIndex ? { ...i, completed: false, correct: null } : i,
        ),
      };
      return Promise.resolve(json(200, current));
    }
    return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return { answers, fetch };
}

function renderRunner(session: PracticeSession) {
  const onComplete = vi.fn();
  const onSessionGone = vi.fn();
  renderInApp(
    <PracticeRunner
      initialSession={session}
      header={(s) => <p>{s.items.filter((i) => i.completed).length} answered</p>}
      onComplete={onComplete}
      onSessionGone={onSessionGone}
    />,
  );
  return { onComplete, onSessionGone };
}

const currentCard = () => screen.getByRole('group', { name: /^Item \d+ of \d+$/ });

const apple = practiceWord({ word: 'la manzana', translation: 'the apple' });
const dog = practiceWord({ word: 'el perro', translation: 'the dog' });
const cat = practiceWord({ word: 'el gato', translation: 'the cat' });

describe('the practice runner', () => {
  beforeEach(() => {
    // The runner's haptics; the simulated browser has no vibration.
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate: () => true }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('runs a flashcard from the keyboard: Space turns it, 1 says "I knew it", the next card follows', async () => {
    const session = practiceSession([
      { type: 'flashcard', word: apple },
      {
        type: 'multiple-choice',
        word: dog,
        options: ['the cat', 'the dog', 'the bird', 'the fish'],
      },
    ]);
    const { answers } = fakeApi(session, () => true);
    renderRunner(session);

    expect(currentCard()).toHaveAccessibleName('Item 1 of 2');
    await waitFor(() => expect(currentCard()).toHaveFocus());
    expect(screen.queryByRole('button', { name: /I knew it/ })).toBeNull();

    await userEvent.keyboard(' ');
    expect(screen.getByRole('button', { name: /I knew it/ })).toBeEnabled();
    await userEvent.keyboard('1');

    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 2 of 2'));
    expect(answers).toEqual([
      expect.objectContaining({ itemIndex: 0, answer: { type: 'flashcard', knew: true } }),
    ]);
    expect(screen.getByText('1 answered')).toBeInTheDocument();
  });

  it('a right quiz answer says so and moves on; the last answer completes the session', async () => {
    const session = practiceSession([
      {
        type: 'multiple-choice',
        word: dog,
        options: ['the cat', 'the dog', 'the bird', 'the fish'],
      },
    ]);
    const { answers } = fakeApi(session, () => true);
    const { onComplete } = renderRunner(session);

    await userEvent.click(screen.getByRole('button', { name: /the dog/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Correct!');
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    const [completed, lastAnswerId] = onComplete.mock.calls[0] as [PracticeSession, string];
    expect(completed.summary).not.toBeNull();
    expect(lastAnswerId).toBe(answers[0]?.id);
    expect(answers[0]?.answer).toEqual({ type: 'multiple-choice', optionIndex: 1 });
  });

  it('a wrong answer shows the correction until the learner continues, not before a second has passed', async () => {
    const session = practiceSession([
      {
        type: 'multiple-choice',
        word: dog,
        options: ['the cat', 'the dog', 'the bird', 'the fish'],
      },
      { type: 'spelling', word: cat },
    ]);
    fakeApi(session, () => false);
    renderRunner(session);

    await userEvent.keyboard('1');
    expect(await screen.findByRole('status')).toHaveTextContent('Not quite. The answer: the dog');
    const next = await screen.findByRole('button', { name: /Continue/ });
    await waitFor(() => expect(next).toHaveFocus());
    expect(next).toHaveAttribute('aria-disabled', 'true');

    // Too soon: the correction stays.
    await userEvent.keyboard('{Enter}');
    expect(currentCard()).toHaveAccessibleName('Item 1 of 2');

    await waitFor(() => expect(next).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(next);
    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 2 of 2'));
    expect(screen.queryByRole('button', { name: /Continue/ })).toBeNull();
  });

  it('a spelling answer is sent as typed', async () => {
    const session = practiceSession([{ type: 'spelling', word: cat }]);
    const { answers } = fakeApi(session, () => true);
    const { onComplete } = renderRunner(session);

    await userEvent.type(screen.getByLabelText('Type the word in Spanish'), 'el gato{Enter}');
    await waitFor(() => expect(onComplete).toHaveBeenCalled());
    expect(answers[0]?.answer).toEqual({ type: 'spelling', text: 'el gato' });
  });

  it('Undo takes back the last answer and shows its card again', async () => {
    const session = practiceSession([
      { type: 'flashcard', word: apple },
      { type: 'flashcard', word: dog },
    ]);
    const { answers, fetch } = fakeApi(session, () => true);
    renderRunner(session);

    await userEvent.keyboard(' 2');
    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 2 of 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Undo last answer' }));

    await waitFor(() => expect(currentCard()).toHaveAccessibleName('Item 1 of 2'));
    expect(screen.getByRole('status')).toHaveTextContent('Answer undone');
    const undo = fetch.mock.calls.find(([url]) => url.endsWith('/undo'));
    expect(JSON.parse(String(undo?.[1]?.body))).toEqual({ answerId: answers[0]?.id });

    // The item is answered again with a new id: the undone answer stays refused.
    await userEvent.keyboard(' 1');
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1]?.id).not.toBe(answers[0]?.id);
  });

  it('hands the session back when the server no longer takes answers for it', async () => {
    const session = practiceSession([{ type: 'flashcard', word: apple }]);
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(json(409, { error: { code: 'CONFLICT', message: 'Already answered' } })),
      ),
    );
    const { onSessionGone, onComplete } = renderRunner(session);

    await userEvent.keyboard(' 1');
    await waitFor(() => expect(onSessionGone).toHaveBeenCalledTimes(1));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('a session opened already finished completes at once', async () => {
    const session = practiceSession([{ type: 'flashcard', word: apple }]);
    const finished: PracticeSession = {
      ...session,
      items: session.items.map((i) => ({ ...i, completed: true, correct: true })),
    };
    const { onComplete } = renderRunner(finished);
    await act(async () => {});
    expect(onComplete).toHaveBeenCalledWith(finished, null);
    expect(screen.queryByRole('group')).toBeNull();
  });
});
