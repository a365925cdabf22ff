import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { practiceWord } from '@/testing/practice-data';
import type { ChoiceResult } from './quiz-card';
import { SpellingCard } from './spelling-card';

const word = practiceWord({ word: 'el gato', translation: 'the cat', language: 'es' });

function renderSpelling(state: { result?: ChoiceResult | null } = {}) {
  const onSubmit = vi.fn();
  render(
    <SpellingCard
      word={word}
      result={state.result ?? null}
      locked={state.result != null}
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit };
}

describe('a spelling card', () => {
  it('shows the translation and puts the cursor in the field for the word', () => {
    renderSpelling();
    expect(screen.getByText('the cat')).toBeInTheDocument();
    expect(screen.queryByText('el gato')).toBeNull();
    expect(screen.getByLabelText('Type the word in Spanish')).toHaveFocus();
  });

  it('cannot be checked empty or blank; Enter checks what was typed', async () => {
    const { onSubmit } = renderSpelling();
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();

    await userEvent.keyboard('   {Enter}');
    expect(check).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Type the word in Spanish'));
    await userEvent.keyboard('el gato{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('el gato');
  });

  it('the Check button submits too', async () => {
    const { onSubmit } = renderSpelling();
    await userEvent.type(screen.getByLabelText('Type the word in Spanish'), 'el gatto');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(onSubmit).toHaveBeenCalledWith('el gatto');
  });

  it('after a wrong answer the field is marked and takes no more typing', async () => {
    renderSpelling({ result: { correct: false, expected: 'el gato' } });
    const field = screen.getByLabelText('Type the word in Spanish');
    expect(field).toBeInvalid();
    await userEvent.type(field, 'x');
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
  });
});
