import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { findLanguage, PRACTICE_LIMITS, type PracticeWord } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { cn } from '@/lib/cn';
import { PRACTICE_TEXT } from '../texts';
import { CardFrame } from './card-frame';
import type { ChoiceResult } from './quiz-card';

/**
 * A spelling drill: the translation is shown and the learner types the word. Enter submits; an
 * empty field cannot be submitted; the card locks on the first answer. The server checks it.
 */
export function SpellingCard({
  word,
  result,
  locked,
  onSubmit,
}: {
  word: PracticeWord;
  result: ChoiceResult | null;
  locked: boolean;
  onSubmit: (text: string) => void;
}) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const language = findLanguage(word.language)?.name ?? word.language;
  const blank = text.trim().length === 0;

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || locked) return;
    onSubmit(text);
  };

  return (
    <CardFrame kind="Spelling" word={word} hidesWord>
      <div className="mb-5 text-center">
        <p
          lang={word.translationLanguage}
          className="text-3xl font-bold"
          data-testid="practice-prompt"
        >
          {word.translation}
        </p>
      </div>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <label htmlFor={inputId} className="block text-sm font-medium">
          {PRACTICE_TEXT.spellTheWord} in {language}
        </label>
        <Input
          ref={inputRef}
          id={inputId}
          lang={word.language}
          value={text}
          onChange={(event) => setText(event.target.value)}
          readOnly={locked}
          maxLength={PRACTICE_LIMITS.spellingMaxLength}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={result !== null && !result.correct ? true : undefined}
          className={cn(
            'h-12 text-lg',
            result?.correct &&
              'border-emerald-500 bg-emerald-50 ring-emerald-500/30 dark:bg-emerald-950',
            result &&
              !result.correct &&
              'border-rose-500 bg-rose-50 ring-rose-500/30 dark:bg-rose-950',
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={blank || locked}>
          {PRACTICE_TEXT.check}
        </Button>
      </form>
    </CardFrame>
  );
}
