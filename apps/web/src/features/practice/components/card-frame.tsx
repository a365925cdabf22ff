import type { ReactNode } from 'react';
import { Volume2 } from 'lucide-react';
import { findLanguage, type PracticeWord } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';
import { useSpeech } from '@/lib/core/use-speech';
import { PRACTICE_TEXT } from '../texts';

/**
 * The frame every practice card shares: what kind of drill it is and a speak button. A card that
 * asks for the word (`hidesWord`) keeps it out of the button's name, where a screen reader would
 * read the answer aloud.
 */
export function CardFrame({
  kind,
  word,
  hidesWord = false,
  children,
}: {
  kind: string;
  word: PracticeWord;
  hidesWord?: boolean;
  children: ReactNode;
}) {
  const speak = useSpeech(word.language);
  const language = findLanguage(word.language)?.name ?? word.language;
  return (
    <Card className="p-5" data-testid="practice-card">
      <div className="mb-4 flex items-center justify-between gap-3">
        <span className="rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold tracking-wide text-primary uppercase">
          {kind}
        </span>
        <Button
          variant="ghost"
          size="icon"
          aria-label={
            hidesWord
              ? `${PRACTICE_TEXT.speakTheWord} (${language})`
              : `${PRACTICE_TEXT.speak} “${word.word}” (${language})`
          }
          onClick={() => speak(word.word)}
        >
          <Volume2 aria-hidden="true" />
        </Button>
      </div>
      {children}
    </Card>
  );
}

/** A key hint shown beside a control ('1', 'Space'); hidden from screen readers. */
export function KeyHint({ children }: { children: ReactNode }) {
  return (
    <kbd
      aria-hidden="true"
      className="hidden min-w-6 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs text-muted-foreground sm:inline-block"
    >
      {children}
    </kbd>
  );
}

/** The word as the target language writes it, with its reading and pronunciation. */
export function WordFace({ word, size = 'lg' }: { word: PracticeWord; size?: 'lg' | 'md' }) {
  return (
    <div className="space-y-1">
      <p
        lang={word.language}
        className={size === 'lg' ? 'text-3xl font-bold' : 'text-2xl font-bold'}
      >
        {word.word}
      </p>
      {word.reading && (
        <p lang={word.language} className="text-base text-muted-foreground">
          {word.reading}
        </p>
      )}
      {word.ipa && <p className="font-mono text-sm text-muted-foreground">/{word.ipa}/</p>}
    </div>
  );
}
