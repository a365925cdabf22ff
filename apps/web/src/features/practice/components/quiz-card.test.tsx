import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { practiceWord } from '@/testing/practice-data';
import { QuizCard, type ChoiceResult } from './quiz-card';

const word = practiceWord({ word: 'el perro', translation: 'the dog' });
const options = ['the cat', 'the dog', 'the bird', 'the fish'];

function renderQuiz(state: { chosen?: number | null; result?: ChoiceResult | null } = {}) {
  const onChoose = vi.fn();
  const locked = state.result != null;
  render(
    <QuizCard
      word={word}
      options={options}
      chosen={state.chosen ?? null}
      result={state.result ?? null}
      locked={locked}
      onChoose={onChoose}
    />,
  );
  return { onChoose };
}

describe('a quiz card', () => {
  it('asks for the translation of the word among four options', async () => {
    const { onChoose } = renderQuiz();
    expect(screen.getByText('el perro')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Choose the translation' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      '1the cat',
      '2the dog',
      '3the bird',
      '4the fish',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /the bird/ }));
    expect(onChoose).toHaveBeenCalledWith(2);
  });

  it('after a wrong choice marks the right option and the learner’s own, and locks', () => {
    renderQuiz({ chosen: 0, result: { correct: false, expected: 'the dog' } });
    expect(screen.getByRole('button', { name: /the dog/ })).toContainElement(
      screen.getByLabelText('Correct answer'),
    );
    const mine = screen.getByRole('button', { name: /the cat/ });
    expect(mine).toContainElement(screen.getByLabelText('Your answer'));
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    for (const button of screen.getAllByRole('button', { name: /the / })) {
      expect(button).toBeDisabled();
    }
  });

  it('after a right choice marks only that option', () => {
    renderQuiz({ chosen: 1, result: { correct: true, expected: 'the dog' } });
    expect(screen.getByRole('button', { name: /the dog/ })).toContainElement(
      screen.getByLabelText('Correct answer'),
    );
    expect(screen.queryByLabelText('Your answer')).toBeNull();
  });
});
