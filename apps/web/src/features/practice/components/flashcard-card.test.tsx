import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { practiceWord } from '@/testing/practice-data';
import { FlashcardCard } from './flashcard-card';

const word = practiceWord({ word: 'la manzana', translation: 'the apple' });

function renderCard(props: Partial<Parameters<typeof FlashcardCard>[0]> = {}) {
  const onFlip = vi.fn();
  const onAnswer = vi.fn();
  const view = render(
    <FlashcardCard
      word={word}
      direction="target-to-native"
      flipped={false}
      locked={false}
      onFlip={onFlip}
      onAnswer={onAnswer}
      {...props}
    />,
  );
  return { ...view, onFlip, onAnswer };
}

describe('a flashcard', () => {
  it('shows the word and keeps the answer and the grading buttons hidden until it turns', async () => {
    const { onFlip } = renderCard();
    const card = screen.getByRole('button', { name: /Tap or press Space to reveal/ });
    expect(card).toHaveAccessibleName(expect.stringContaining('la manzana'));
    expect(card).not.toHaveAccessibleName(expect.stringContaining('the apple'));
    expect(screen.queryByRole('button', { name: /I knew it/ })).toBeNull();

    await userEvent.click(card);
    expect(onFlip).toHaveBeenCalledTimes(1);
  });

  it('once turned, shows the translation and an example, and takes the learner’s grade', async () => {
    const { onAnswer } = renderCard({ flipped: true });
    const card = screen.getByRole('button', { name: /Tap or press Space to turn back/ });
    expect(card).toHaveAccessibleName(expect.stringContaining('the apple'));
    expect(card).toHaveAccessibleName(expect.stringContaining('I eat an apple.'));
    expect(card).not.toHaveAccessibleName(expect.stringContaining('la manzana'));

    await userEvent.click(screen.getByRole('button', { name: /I knew it/ }));
    await userEvent.click(screen.getByRole('button', { name: /I didn't know/ }));
    expect(onAnswer.mock.calls).toEqual([[true], [false]]);
  });

  it('asks for the word from its translation the other way round, without saying it', () => {
    renderCard({ direction: 'native-to-target' });
    const card = screen.getByRole('button', { name: /Tap or press Space to reveal/ });
    expect(card).toHaveAccessibleName(expect.stringContaining('the apple'));
    expect(card).not.toHaveAccessibleName(expect.stringContaining('la manzana'));
    // The speak button would give the answer away.
    expect(screen.getByRole('button', { name: 'Speak the word (Spanish)' })).toBeInTheDocument();
  });

  it('takes no grade once answered', () => {
    renderCard({ flipped: true, locked: true });
    expect(screen.getByRole('button', { name: /I knew it/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /I didn't know/ })).toBeDisabled();
  });
});
