import { Check, X } from 'lucide-react';
import type { FlashcardDirection, PracticeWord } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { cn } from '@/lib/cn';
import { PRACTICE_TEXT } from '../texts';
import { CardFrame, KeyHint, WordFace } from './card-frame';

function TranslationFace({ word }: { word: PracticeWord }) {
  return (
    <p lang={word.translationLanguage} className="text-3xl font-bold">
      {word.translation}
    </p>
  );
}

/**
 * A flashcard: the prompt side turns on tap (or Space) to show the answer; then the learner says
 * whether they knew it, with two buttons (keys 1 and 2).
 */
export function FlashcardCard({
  word,
  direction,
  flipped,
  locked,
  onFlip,
  onAnswer,
}: {
  word: PracticeWord;
  direction: FlashcardDirection;
  flipped: boolean;
  locked: boolean;
  onFlip: () => void;
  onAnswer: (knew: boolean) => void;
}) {
  const toNative = direction === 'target-to-native';
  const front = (
    <div data-testid="practice-prompt">
      {toNative ? <WordFace word={word} /> : <TranslationFace word={word} />}
    </div>
  );
  const back = toNative ? <TranslationFace word={word} /> : <WordFace word={word} />;
  const example = word.examples[0];
  return (
    <CardFrame kind="Flashcard" word={word} hidesWord={!toNative}>
      <button
        type="button"
        onClick={onFlip}
        disabled={locked}
        data-testid="flashcard"
        data-flipped={flipped}
        className="block w-full rounded-xl outline-none [perspective:1000px] focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div
          className={cn(
            'grid transition-transform duration-500 transform-3d motion-reduce:transition-none',
            flipped && 'rotate-y-180',
          )}
        >
          <div
            aria-hidden={flipped}
            className="flex min-h-52 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-muted/40 p-6 text-center backface-hidden [grid-area:1/1]"
          >
            {front}
            <span className="text-xs text-muted-foreground">{PRACTICE_TEXT.tapToReveal}</span>
          </div>
          <div
            aria-hidden={!flipped}
            className="flex min-h-52 rotate-y-180 flex-col items-center justify-center gap-3 rounded-xl border-2 border-primary/40 bg-primary/5 p-6 text-center backface-hidden [grid-area:1/1]"
          >
            {back}
            {example && (
              <p className="text-sm text-muted-foreground">
                <span lang={word.language} className="italic">
                  {example.target}
                </span>
                <br />
                <span lang={word.translationLanguage}>{example.translation}</span>
              </p>
            )}
            <span className="text-xs text-muted-foreground">{PRACTICE_TEXT.tapToHide}</span>
          </div>
        </div>
      </button>
      <div
        className={cn('mt-4 grid grid-cols-2 gap-3', !flipped && 'invisible')}
        aria-hidden={!flipped}
      >
        <Button size="lg" disabled={!flipped || locked} onClick={() => onAnswer(true)}>
          <Check aria-hidden="true" />
          {PRACTICE_TEXT.knewIt}
          <KeyHint>1</KeyHint>
        </Button>
        <Button
          size="lg"
          variant="outline"
          className="border-rose-300 text-rose-700 hover:bg-rose-50 dark:border-rose-800 dark:text-rose-300 dark:hover:bg-rose-950"
          disabled={!flipped || locked}
          onClick={() => onAnswer(false)}
        >
          <X aria-hidden="true" />
          {PRACTICE_TEXT.didNotKnow}
          <KeyHint>2</KeyHint>
        </Button>
      </div>
    </CardFrame>
  );
}
