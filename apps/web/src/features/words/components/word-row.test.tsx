import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_TEXT, type Word } from '@verba/shared';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { renderInApp } from '@/testing/render';
import { WordRow } from './word-row';

const word: Word = {
  id: '00000000-0000-4000-8000-000000000001',
  word: 'la manzana',
  translation: 'the apple',
  ipa: 'la manˈθana',
  reading: null,
  examples: [],
  mnemonic: null,
  synonyms: [],
  grammarType: 'noun',
  cefrLevel: 'A1',
  themes: ['Food & Dining'],
  isFavorite: false,
  mastered: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  nextReviewDate: '2026-11-27T10:00:00.000Z',
};

function renderRow(
  shown: Partial<Word> = {},
  path: string = paths.app.words,
  { completing = false } = {},
) {
  const handlers = { onToggleFavorite: vi.fn(), onSpeak: vi.fn(), onDelete: vi.fn() };
  const row = { ...word, ...shown };
  renderInApp(
    <ul>
      <WordRow word={row} completing={completing} {...handlers} />
    </ul>,
    { path },
  );
  return { row, ...handlers };
}

describe('a row of the word list', () => {
  it('shows the word, its translation and pronunciation, and opens its card', () => {
    renderRow();
    const link = screen.getByRole('link', { name: /la manzana/ });
    expect(link).toHaveAccessibleName(expect.stringContaining('the apple'));
    expect(link).toHaveAccessibleName(expect.stringContaining('/la manˈθana/'));
    expect(link).toHaveAttribute('href', paths.app.word(word.id));
    expect(link).not.toHaveAttribute('aria-current');
    expect(screen.queryByText('Mastered')).toBeNull();
  });

  it('says an imported word’s translation is on its way while the AI completes words', () => {
    renderRow({ translation: '', ipa: null }, paths.app.words, { completing: true });
    expect(screen.getByRole('link', { name: /la manzana/ })).toHaveAccessibleName(
      `la manzana ${IMPORT_TEXT.translationComing}`,
    );
  });

  it('says a word has no translation yet once the AI is done without one', () => {
    renderRow({ translation: '', ipa: null });
    expect(screen.getByRole('link', { name: /la manzana/ })).toHaveAccessibleName(
      `la manzana ${IMPORT_TEXT.noTranslationYet}`,
    );
  });

  it('marks a mastered word, and the word whose card is open', () => {
    renderRow({ mastered: true }, paths.app.word(word.id));
    expect(screen.getByText('Mastered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /la manzana/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('favorite, speak and delete act on the word', async () => {
    const { row, onToggleFavorite, onSpeak, onDelete } = renderRow();
    const favorite = screen.getByRole('button', { name: 'Add la manzana to favorites' });
    expect(favorite).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(favorite);
    expect(onToggleFavorite).toHaveBeenCalledWith(row);

    await userEvent.click(screen.getByRole('button', { name: 'Speak la manzana' }));
    expect(onSpeak).toHaveBeenCalledWith('la manzana');

    await userEvent.click(screen.getByRole('button', { name: 'Delete la manzana' }));
    expect(onDelete).toHaveBeenCalledWith(row);
  });

  it('a favorite is pressed and offers to be removed, from the keyboard too', async () => {
    const { onToggleFavorite } = renderRow({ isFavorite: true });
    const favorite = screen.getByRole('button', { name: 'Remove la manzana from favorites' });
    expect(favorite).toHaveAttribute('aria-pressed', 'true');
    favorite.focus();
    await userEvent.keyboard('{Enter}');
    expect(onToggleFavorite).toHaveBeenCalledTimes(1);
  });
});
