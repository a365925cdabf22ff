import {
  PRACTICE_TIMING,
  type ItemType,
  type PracticeItem,
  type PracticeSession,
  type PracticeWord,
} from '@verba/shared';

/**
 * Where a learner is in a session. The server stores every answer, so the first item not yet
 * completed is the current one: a reload, or a second device, resumes exactly there.
 */
export function currentItem(session: Pick<PracticeSession, 'items'>): PracticeItem | null {
  let first: PracticeItem | null = null;
  for (const item of session.items) {
    if (!item.completed && (first === null || item.index < first.index)) first = item;
  }
  return first;
}

/** Items answered so far and the session's total: the progress bar's 'n / total'. */
export function sessionProgress(session: Pick<PracticeSession, 'items'>): {
  answered: number;
  total: number;
} {
  const answered = session.items.filter((item) => item.completed).length;
  return { answered, total: session.items.length };
}

/**
 * Infinity's 'Word x / y': the place of the item's word among the session's words (items go
 * round-robin across the words, each word joining a round after the one before it).
 */
export function wordPosition(
  session: Pick<PracticeSession, 'words'>,
  item: Pick<PracticeItem, 'wordId'> | null,
): { position: number; total: number } {
  const total = session.words.length;
  if (!item) return { position: total, total };
  const index = session.words.findIndex((word) => word.id === item.wordId);
  return { position: index < 0 ? total : index + 1, total };
}

/** The session's words with at least one item answered wrongly, in the session's word order. */
export function missedWords(session: Pick<PracticeSession, 'items' | 'words'>): PracticeWord[] {
  const missed = new Set(session.items.filter((i) => i.correct === false).map((i) => i.wordId));
  return session.words.filter((word) => missed.has(word.id));
}

export function wordOf(
  session: Pick<PracticeSession, 'words'>,
  item: Pick<PracticeItem, 'wordId'>,
): PracticeWord | undefined {
  return session.words.find((word) => word.id === item.wordId);
}

/**
 * How long an answered card stays before the next one (spec §9 "Timing and interaction"): a
 * flashcard moves on after 300 ms; a quiz or spelling card shows its result for 400 ms when right.
 * When wrong, 1000 ms is the least time the correction shows before Continue is taken.
 */
export function advanceDelay(type: ItemType, correct: boolean): number {
  if (type === 'flashcard') return PRACTICE_TIMING.nextItemDelay;
  return correct ? PRACTICE_TIMING.correctAnswerDelay : PRACTICE_TIMING.wrongAnswerDelay;
}

/**
 * Whether an answer's result waits for the learner (Continue, Enter or Space): a wrong quiz or
 * spelling answer, whose correction must be read (design.md, deliberate departures). A flashcard
 * showed its answer before the learner graded it.
 */
export function waitsForContinue(type: ItemType, correct: boolean): boolean {
  return type !== 'flashcard' && !correct;
}

/** The time a session took, as the completion screen shows it: '45s', '3m 05s', '1h 02m'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** '1 day', '3 days'. */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** '1 word', '3 words'. */
export function wordCount(words: number): string {
  return `${words} ${words === 1 ? 'word' : 'words'}`;
}
