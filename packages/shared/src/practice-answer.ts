import type { AnswerResult, PracticeSession } from './practice.schema.ts';

// Apart from the schemas, so that the web app's practice screens do not load zod for it.

/** The session after an answer: the session as it was, with what the answer changed. */
export function applyAnswer(session: PracticeSession, result: AnswerResult): PracticeSession {
  const { item, word } = result;
  return {
    ...session,
    items: session.items.map((i) => (i.index === item.index ? item : i)),
    words: word ? session.words.map((w) => (w.id === word.id ? word : w)) : session.words,
    completedAt: result.completedAt,
    summary: result.summary,
  };
}
