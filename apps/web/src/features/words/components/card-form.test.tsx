import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORD_TEXT } from '@verba/shared';
import { describe, expect, it, vi } from 'vitest';
import { CardForm } from './card-form';

function renderForm(props: Partial<Parameters<typeof CardForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <CardForm
      submitLabel="Save word"
      pending={false}
      showReading={false}
      onSubmit={onSubmit}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onSubmit, onCancel };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the card form', () => {
  it('refuses a card without a word or a translation, says why, and sends nothing', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save word' }));

    expect(await screen.findByText(WORD_TEXT.wordRequired)).toBeInTheDocument();
    expect(screen.getByText(WORD_TEXT.translationRequired)).toBeInTheDocument();
    expect(field('Word or phrase')).toBeInvalid();
    expect(field('Word or phrase')).toHaveAccessibleDescription(WORD_TEXT.wordRequired);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends what the learner wrote as the API takes it: trimmed, synonyms split, blanks left out', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(field('Word or phrase'), '  la manzana ');
    await userEvent.type(field('Translation'), 'the apple');
    await userEvent.type(field('Pronunciation (IPA)'), '/la manˈθana/');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'CEFR level' }), 'A1');
    await userEvent.type(field('Synonyms'), 'el fruto, , la poma');
    const example = screen.getByRole('group', { name: 'Example 1' });
    await userEvent.type(
      within(example).getByRole('textbox', { name: 'Sentence' }),
      'Una manzana.',
    );
    await userEvent.type(
      within(example).getByRole('textbox', { name: 'Its translation' }),
      'An apple.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Food & Dining' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save word' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      word: 'la manzana',
      translation: 'the apple',
      ipa: 'la manˈθana',
      reading: null,
      grammarType: null,
      cefrLevel: 'A1',
      mnemonic: null,
      synonyms: ['el fruto', 'la poma'],
      examples: [{ target: 'Una manzana.', translation: 'An apple.' }],
      themes: ['Food & Dining'],
    });
  });

  it('an example needs both its halves', async () => {
    const { onSubmit } = renderForm({ initial: { word: 'el perro', translation: 'the dog' } });
    const example = screen.getByRole('group', { name: 'Example 2' });
    await userEvent.type(within(example).getByRole('textbox', { name: 'Sentence' }), 'El perro.');
    await userEvent.click(screen.getByRole('button', { name: 'Save word' }));

    expect(
      await within(example).findByText('An example needs its translation'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps at most three themes: a fourth replaces the first chosen', async () => {
    renderForm();
    for (const theme of ['Travel', 'Animals', 'Education', 'Technology']) {
      await userEvent.click(screen.getByRole('button', { name: theme }));
    }
    const pressed = screen
      .getAllByRole('button', { pressed: true })
      .map((button) => button.textContent);
    expect(pressed).toEqual(['Education', 'Animals', 'Technology']);

    await userEvent.click(screen.getByRole('button', { name: 'Animals' }));
    expect(screen.getByRole('button', { name: 'Animals' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('opens with the card being edited, and Cancel leaves it', async () => {
    const { onCancel, onSubmit } = renderForm({
      initial: {
        word: 'el gato',
        translation: 'the cat',
        synonyms: ['el minino'],
        themes: ['Animals'],
      },
      showReading: true,
    });
    expect(field('Word or phrase')).toHaveValue('el gato');
    expect(field('Synonyms')).toHaveValue('el minino');
    expect(field('Reading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Animals' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: WORD_TEXT.cancel }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('cannot be sent twice while saving', () => {
    renderForm({ pending: true });
    expect(screen.getByRole('button', { name: 'Save word' })).toBeDisabled();
    expect(screen.getByRole('button', { name: WORD_TEXT.cancel })).toBeDisabled();
  });
});
