import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { PracticeSession } from '@verba/shared';
import { paths } from '@/config/paths';
import { PRACTICE_TEXT } from '../texts';
import { missedWords } from '../utils/session-progress';

/**
 * The words the learner missed in a finished session, each a link to its card: the place to look
 * at them again. Nothing shows when every answer was right.
 */
export function MissedWords({ session }: { session: Pick<PracticeSession, 'items' | 'words'> }) {
  const missed = missedWords(session);
  if (missed.length === 0) return null;
  return (
    <section aria-labelledby="missed-words-title" className="w-full text-start">
      <h3 id="missed-words-title" className="text-sm font-semibold">
        {PRACTICE_TEXT.missedTitle}
      </h3>
      <p className="mt-1 text-xs text-muted-foreground">{PRACTICE_TEXT.missedText}</p>
      <ul className="mt-3 divide-y rounded-xl border" data-testid="missed-words">
        {missed.map((word) => (
          <li key={word.id}>
            <Link
              to={paths.app.word(word.id)}
              className="flex min-h-12 items-center gap-3 px-4 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="min-w-0 flex-1">
                <span lang={word.language} dir="auto" className="block truncate font-medium">
                  {word.word}
                </span>
                <span
                  lang={word.translationLanguage}
                  dir="auto"
                  className="block truncate text-sm text-muted-foreground"
                >
                  {word.translation}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
