import { Lightbulb, Volume2 } from 'lucide-react';
import { IMPORT_TEXT, WORD_TEXT, type Word } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { ThemeChips } from '@/components/ui/core/theme-chips';

/** The fields every card shows, from the AI, a learner's hand or the collection. */
export type CardContent = Pick<
  Word,
  | 'word'
  | 'translation'
  | 'ipa'
  | 'reading'
  | 'grammarType'
  | 'cefrLevel'
  | 'mnemonic'
  | 'examples'
  | 'synonyms'
  | 'themes'
>;

/** Spec §9: only the first 2 examples are shown. */
const EXAMPLES_SHOWN = 2;

/**
 * A word card: the word with a speak button, pronunciation in slashes, translation, grammar type
 * and CEFR level, synonyms, the 'Remember:' mnemonic, the first 2 examples and theme chips.
 * Everything is rendered as text: it comes from a learner or a model.
 */
export function CardView({
  card,
  onSpeak,
  titleId,
  badges,
}: {
  card: CardContent;
  onSpeak: (text: string) => void;
  titleId?: string;
  badges?: React.ReactNode;
}) {
  const examples = card.examples.slice(0, EXAMPLES_SHOWN);
  return (
    <div className="space-y-4">
      <div>
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-1">
            <h2 id={titleId} className="min-w-0 text-2xl font-bold break-words">
              {card.word}
            </h2>
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0 text-muted-foreground"
              aria-label={`Speak ${card.word}`}
              onClick={() => onSpeak(card.word)}
            >
              <Volume2 />
            </Button>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-1.5 pt-1.5">
            {badges}
            {card.cefrLevel && (
              <span
                className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground"
                title="CEFR level"
              >
                {card.cefrLevel}
              </span>
            )}
          </div>
        </div>
        {card.ipa && <p className="text-sm text-muted-foreground">/{card.ipa}/</p>}
        {card.reading && <p className="text-sm text-muted-foreground">{card.reading}</p>}
      </div>

      <p className="text-lg font-medium break-words">
        {card.translation || <i>{IMPORT_TEXT.noTranslationYet}</i>}
        {card.grammarType && (
          <span className="text-sm font-normal text-muted-foreground"> · {card.grammarType}</span>
        )}
      </p>

      {card.synonyms.length > 0 && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Synonyms:</span> {card.synonyms.join(', ')}
        </p>
      )}

      {card.mnemonic && (
        <div className="flex gap-2 rounded-xl bg-muted p-3 text-sm">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          <p className="min-w-0 break-words">
            <span className="font-semibold">{WORD_TEXT.remember}</span> {card.mnemonic}
          </p>
        </div>
      )}

      {examples.length > 0 && (
        <ul className="space-y-3" aria-label="Examples">
          {examples.map((example, i) => (
            <li key={i} className="border-l-2 border-primary/50 pl-3 text-sm">
              <p className="font-medium break-words">{example.target}</p>
              <p className="break-words text-muted-foreground">{example.translation}</p>
            </li>
          ))}
        </ul>
      )}

      {card.themes.length > 0 && <ThemeChips themes={card.themes} />}
    </div>
  );
}
