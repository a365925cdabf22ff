import { Check, X } from 'lucide-react';
import type { PracticeWord } from '@verba/shared';
import { cn } from '@/lib/cn';
import { PRACTICE_TEXT } from '../texts';
import { CardFrame, KeyHint, WordFace } from './card-frame';

export interface ChoiceResult {
  correct: boolean;
  expected: string;
}

/**
 * A multiple-choice quiz: the word and four translations (keys 1 to 4). It locks on the first
 * answer and marks the right option, and the learner's own when it was wrong.
 */
export function QuizCard({
  word,
  options,
  chosen,
  result,
  locked,
  onChoose,
}: {
  word: PracticeWord;
  options: readonly string[];
  chosen: number | null;
  result: ChoiceResult | null;
  locked: boolean;
  onChoose: (index: number) => void;
}) {
  return (
    <CardFrame kind="Quiz" word={word}>
      <div className="mb-5 text-center" data-testid="practice-prompt">
        <WordFace word={word} />
        <p id="quiz-prompt" className="mt-3 text-sm text-muted-foreground">
          {PRACTICE_TEXT.chooseTranslation}
        </p>
      </div>
      <ul aria-labelledby="quiz-prompt" className="grid gap-2.5">
        {options.map((option, index) => {
          const isChosen = chosen === index;
          const isRight = result !== null && option === result.expected;
          const isWrongChoice = result !== null && isChosen && !result.correct;
          return (
            <li key={`${index}-${option}`}>
              <button
                type="button"
                disabled={locked}
                aria-pressed={isChosen}
                onClick={() => onChoose(index)}
                lang={word.translationLanguage}
                className={cn(
                  'flex min-h-12 w-full items-center gap-3 rounded-xl border-2 bg-card px-4 py-2.5 text-left text-base font-medium transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:hover:bg-card',
                  isChosen && !result && 'border-primary bg-primary/5',
                  isRight &&
                    'border-emerald-500 bg-emerald-50 text-emerald-900 disabled:hover:bg-emerald-50 dark:bg-emerald-950 dark:text-emerald-100 dark:disabled:hover:bg-emerald-950',
                  isWrongChoice &&
                    'border-rose-500 bg-rose-50 text-rose-900 disabled:hover:bg-rose-50 dark:bg-rose-950 dark:text-rose-100 dark:disabled:hover:bg-rose-950',
                )}
              >
                <KeyHint>{index + 1}</KeyHint>
                <span className="flex-1">{option}</span>
                {isRight && <Check aria-label="Correct answer" className="size-5 shrink-0" />}
                {isWrongChoice && <X aria-label="Your answer" className="size-5 shrink-0" />}
              </button>
            </li>
          );
        })}
      </ul>
    </CardFrame>
  );
}
