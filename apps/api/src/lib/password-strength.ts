import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** Scores below this (0–4 scale) are refused: guessable within about a million tries. */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordVerdict {
  ok: boolean;
  score: number;
  /** Why it was refused and what would help, in words a user can act on. */
  reasons: string[];
}

let checker: Promise<ZxcvbnFactory> | undefined;

/**
 * Building the checker (its dictionaries ship in the packages: no network look-up, ever) takes
 * a few hundred milliseconds, so it happens on first use or in the background after start-up,
 * never in the way of the server answering.
 */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      useLevenshteinDistance: true,
    });
  })();
  return checker;
}

export function warmPasswordChecker(): void {
  void loadChecker();
}

export async function judgePassword(
  password: string,
  userInputs: string[],
): Promise<PasswordVerdict> {
  const result = (await loadChecker()).check(password, userInputs);
  const reasons = [result.feedback.warning, ...result.feedback.suggestions].filter(
    (r): r is string => typeof r === 'string' && r.length > 0,
  );
  if (result.score < MIN_PASSWORD_SCORE && reasons.length === 0) {
    reasons.push('Add more words or characters that are less common.');
  }
  return { ok: result.score >= MIN_PASSWORD_SCORE, score: result.score, reasons };
}
