import { Lightbulb } from 'lucide-react';
import type { LanguageCode } from '@verba/shared';
import { ThemeChips } from '@/components/ui/core/theme-chips';
import { DEMO_CARD_EXTRAS } from '../api/save-demo-word';
import { demoCard } from '../data/demo-words';

/**
 * What a word's card holds, shown with a fixed sample in the languages just chosen; 'Save &
 * Continue' saves it as the learner's first word. Who writes cards depends on the server: its AI
 * provider, or the learner when it has none.
 */
export function StepDemoWord({
  nativeLanguage,
  targetLanguage,
  aiProvider,
}: {
  nativeLanguage: LanguageCode;
  targetLanguage: LanguageCode;
  aiProvider: boolean;
}) {
  const sample = demoCard(nativeLanguage, targetLanguage);
  const { grammarType, cefrLevel, themes } = DEMO_CARD_EXTRAS;
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Add any word</h1>
        <p className="text-muted-foreground">
          {aiProvider
            ? 'Type a word or phrase and AI writes its study card. Like this one, your first word:'
            : 'Type a word or phrase and write its study card: translation, examples, a memory aid. Like this one, your first word:'}
        </p>
      </div>
      <article
        aria-label={`Sample word card: ${sample.word}`}
        className="rounded-2xl border bg-card p-5 shadow-sm"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h2 lang={targetLanguage} dir="auto" className="text-2xl font-bold">
            {sample.word}
          </h2>
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
            {cefrLevel}
          </span>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">/{sample.ipa}/</p>
        <p className="mt-3 text-lg font-medium">
          <span lang={nativeLanguage} dir="auto" data-testid="demo-translation">
            {sample.translation}
          </span>{' '}
          <span className="text-sm font-normal text-muted-foreground">· {grammarType}</span>
        </p>
        {sample.mnemonic && (
          <div className="mt-4 flex gap-2 rounded-xl bg-muted p-3 text-sm">
            <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
            <p>
              <span className="font-semibold">Remember:</span> {sample.mnemonic}
            </p>
          </div>
        )}
        <blockquote className="mt-4 border-l-2 border-primary/50 pl-3 text-sm">
          <p lang={targetLanguage} dir="auto" className="font-medium">
            {sample.example.target}
          </p>
          <p lang={nativeLanguage} dir="auto" className="text-muted-foreground">
            {sample.example.translation}
          </p>
        </blockquote>
        <ThemeChips themes={themes} className="mt-4" />
      </article>
    </div>
  );
}
