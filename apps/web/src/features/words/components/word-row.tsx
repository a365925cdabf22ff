import { memo } from 'react';
import { Heart, Trash2, Volume2 } from 'lucide-react';
import { NavLink } from 'react-router';
import { IMPORT_TEXT, WORD_TEXT, type Word } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

/**
 * One word in the collection: opens its card; favorite, speak and delete beside it. Rows whose
 * word is unchanged are not drawn again when the list around them is.
 */
export const WordRow = memo(function WordRow({
  word,
  completing = false,
  onToggleFavorite,
  onSpeak,
  onDelete,
}: {
  word: Word;
  /** The AI is completing imported words: a word without a translation is getting one. */
  completing?: boolean;
  onToggleFavorite: (word: Word) => void;
  onSpeak: (text: string) => void;
  onDelete: (word: Word) => void;
}) {
  return (
    <li className="flex items-center gap-1 rounded-xl border bg-card py-2 pr-1 pl-3 shadow-xs has-[[aria-current=page]]:border-primary">
      {/* The word whose card is open beside the list is marked as the current page. */}
      <NavLink
        to={paths.app.word(word.id)}
        className="min-w-0 flex-1 rounded-md py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:text-primary"
      >
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-semibold">{word.word}</span>
          {word.mastered && (
            <span className="shrink-0 rounded-full bg-success/15 px-2 py-0.5 text-[0.7rem] font-semibold text-success">
              {WORD_TEXT.mastered}
            </span>
          )}
        </span>
        <span className="block truncate text-sm text-muted-foreground">
          {word.translation || (
            <i>{completing ? IMPORT_TEXT.translationComing : IMPORT_TEXT.noTranslationYet}</i>
          )}
          {word.ipa && <span className="text-xs"> · /{word.ipa}/</span>}
        </span>
      </NavLink>
      <Button
        variant="ghost"
        size="icon"
        aria-label={
          word.isFavorite ? `Remove ${word.word} from favorites` : `Add ${word.word} to favorites`
        }
        aria-pressed={word.isFavorite}
        onClick={() => onToggleFavorite(word)}
      >
        <Heart
          className={cn(word.isFavorite ? 'fill-rose-500 text-rose-500' : 'text-muted-foreground')}
        />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground"
        aria-label={`Speak ${word.word}`}
        onClick={() => onSpeak(word.word)}
      >
        <Volume2 />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="text-muted-foreground hover:text-destructive"
        aria-label={`Delete ${word.word}`}
        onClick={() => onDelete(word)}
      >
        <Trash2 />
      </Button>
    </li>
  );
});

export function WordRowSkeleton() {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card px-3 py-3" aria-hidden="true">
      <div className="flex-1 space-y-2">
        <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
        <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
      </div>
      <div className="size-8 animate-pulse rounded-full bg-muted" />
      <div className="size-8 animate-pulse rounded-full bg-muted" />
    </li>
  );
}
