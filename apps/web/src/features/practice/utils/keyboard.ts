import { PRACTICE_LIMITS, type ItemType } from '@verba/shared';

/** What a key press does on the current card. */
export type PracticeKeyAction =
  { kind: 'flip' } | { kind: 'knew'; knew: boolean } | { kind: 'option'; index: number };

export interface KeyContext {
  type: ItemType;
  /** Flashcards: whether the answer side has been shown. */
  flipped: boolean;
  /** An answer has been given; the card waits for the next one. */
  locked: boolean;
}

/**
 * The keys of the practice cards: Space turns a flashcard, then 1 (knew it) or 2 (didn't know);
 * a quiz takes 1 to 4 for its options. Spelling types into its field and submits with Enter, so
 * it maps no keys here.
 */
export function practiceKeyAction(key: string, context: KeyContext): PracticeKeyAction | null {
  if (context.locked) return null;
  if (context.type === 'flashcard') {
    if (key === ' ' || key === 'Spacebar') return { kind: 'flip' };
    if (!context.flipped) return null;
    if (key === '1') return { kind: 'knew', knew: true };
    if (key === '2') return { kind: 'knew', knew: false };
    return null;
  }
  if (context.type === 'multiple-choice') {
    const index = Number(key) - 1;
    if (/^[1-9]$/.test(key) && index < PRACTICE_LIMITS.quizOptions)
      return { kind: 'option', index };
  }
  return null;
}

interface KeyTarget {
  tagName: string;
  isContentEditable?: boolean;
}

/**
 * Whether the focused element handles the key itself, so the card must leave it alone: every key
 * typed into a field, and Space or Enter on a button or link (they press it).
 */
export function keyBelongsToTarget(key: string, target: KeyTarget | null): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'BUTTON' || tag === 'A') return key === ' ' || key === 'Enter';
  return false;
}

/** The keys that move on from a wrong answer's correction. */
export function isContinueKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}
