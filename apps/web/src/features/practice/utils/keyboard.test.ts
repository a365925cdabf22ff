import { describe, expect, it } from 'vitest';
import { isContinueKey, keyBelongsToTarget, practiceKeyAction } from './keyboard';

const open = { locked: false };

describe('practiceKeyAction', () => {
  it('turns a flashcard with Space, then takes 1 (knew it) and 2 (did not know)', () => {
    expect(practiceKeyAction(' ', { type: 'flashcard', flipped: false, ...open })).toEqual({
      kind: 'flip',
    });
    expect(practiceKeyAction('1', { type: 'flashcard', flipped: false, ...open })).toBeNull();
    expect(practiceKeyAction('1', { type: 'flashcard', flipped: true, ...open })).toEqual({
      kind: 'knew',
      knew: true,
    });
    expect(practiceKeyAction('2', { type: 'flashcard', flipped: true, ...open })).toEqual({
      kind: 'knew',
      knew: false,
    });
    expect(practiceKeyAction('3', { type: 'flashcard', flipped: true, ...open })).toBeNull();
  });

  it('picks quiz options with 1 to 4 and nothing else', () => {
    const quiz = { type: 'multiple-choice' as const, flipped: false, ...open };
    expect(practiceKeyAction('1', quiz)).toEqual({ kind: 'option', index: 0 });
    expect(practiceKeyAction('4', quiz)).toEqual({ kind: 'option', index: 3 });
    expect(practiceKeyAction('5', quiz)).toBeNull();
    expect(practiceKeyAction('0', quiz)).toBeNull();
    expect(practiceKeyAction(' ', quiz)).toBeNull();
  });

  it('maps no keys for spelling (the field takes them) or once a card is answered', () => {
    expect(practiceKeyAction('1', { type: 'spelling', flipped: false, ...open })).toBeNull();
    expect(
      practiceKeyAction('1', { type: 'multiple-choice', flipped: false, locked: true }),
    ).toBeNull();
    expect(practiceKeyAction(' ', { type: 'flashcard', flipped: true, locked: true })).toBeNull();
  });
});

describe('keyBelongsToTarget', () => {
  it('leaves every key to a field', () => {
    expect(keyBelongsToTarget('1', { tagName: 'INPUT' })).toBe(true);
    expect(keyBelongsToTarget(' ', { tagName: 'textarea' })).toBe(true);
    expect(keyBelongsToTarget('1', { tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('leaves Space and Enter to a button or link, but not the number keys', () => {
    expect(keyBelongsToTarget(' ', { tagName: 'BUTTON' })).toBe(true);
    expect(keyBelongsToTarget('Enter', { tagName: 'A' })).toBe(true);
    expect(keyBelongsToTarget('2', { tagName: 'BUTTON' })).toBe(false);
  });

  it('lets the card have keys pressed anywhere else', () => {
    expect(keyBelongsToTarget(' ', { tagName: 'BODY' })).toBe(false);
    expect(keyBelongsToTarget(' ', null)).toBe(false);
  });
});

describe('isContinueKey', () => {
  it('moves on with Enter or Space, not with the answer keys', () => {
    expect(isContinueKey('Enter')).toBe(true);
    expect(isContinueKey(' ')).toBe(true);
    expect(isContinueKey('1')).toBe(false);
    expect(isContinueKey('a')).toBe(false);
  });
});
