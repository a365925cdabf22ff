import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// Dictionaries ship inside the packages: no network look-up, ever.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  useLevenshteinDistance: true,
});

/** Scores below this (0–4 scale) are refused: guessable within about a million tries. */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** Why it was refused and what would help, in words a user can act on. */
  reasons: string[];
}

export function judgePassword(password: string, userInputs: string[]): PasswordVerdict {
  const result = zxcvbn.check(password, userInputs);
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (r): r is string => typeof r === 'string' && r.length > 0,
  );
  if (result.score < MIN_PASSWORD_SCORE && reasons.length === 0) {
    reasons.push('Add more words or characters that are less common.');
  }
  return { ok: result.score >= MIN_PASSWORD_SCORE, score: result.score, reasons };
}
