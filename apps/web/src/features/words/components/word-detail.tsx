import { useState } from 'react';
import { ArrowLeft, Heart, Pencil, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { needsReading, WORD_TEXT } from '@verba/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/core/api-error';
import { cn } from '@/lib/cn';
import { useDeleteWord } from '../api/delete-word';
import { useWord } from '../api/get-word';
import { useToggleFavorite, useUpdateWord } from '../api/update-word';
import { useSpeech } from '@/lib/core/use-speech';
import type { CardInput } from '../utils/card-form';
import { LazyCardForm } from './lazy-card-form';
import { CardView } from './card-view';
import { DuplicateNotice } from './duplicate-notice';
import { WordHistory } from './word-history';

// Beside the list (from 1024 px) the way back is the list itself.
function BackLink() {
  return (
    <Link
      to={paths.app.words}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 lg:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {WORD_TEXT.backToWords}
    </Link>
  );
}

/** A saved word's whole card, with favorite, speak, delete and Edit. */
export function WordDetail({ id, targetLanguage }: { id: string; targetLanguage: string }) {
  const query = useWord(id);
  const [editing, setEditing] = useState(false);
  const [duplicateOf, setDuplicateOf] = useState<string | null>(null);
  const update = useUpdateWord();
  const toggleFavorite = useToggleFavorite();
  const remove = useDeleteWord();
  const speak = useSpeech(targetLanguage);
  const navigate = useNavigate();
  const word = query.data;

  if (!word) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="space-y-6">
        <BackLink />
        {query.isError ? (
          <p role="alert" className="py-8 text-center text-muted-foreground">
            {missing ? WORD_TEXT.notFound : query.error.message}
          </p>
        ) : (
          <div role="status" aria-label="Loading word" className="flex justify-center py-12">
            <Spinner className="size-6 text-muted-foreground" />
          </div>
        )}
      </div>
    );
  }

  const save = (input: CardInput) => {
    setDuplicateOf(null);
    update.mutate(
      { id: word.id, patch: input },
      {
        onSuccess: () => {
          toast.success(WORD_TEXT.updated);
          setEditing(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFLICT' && error.resourceId) {
            setDuplicateOf(error.resourceId);
            return;
          }
          if (error instanceof ApiError && error.code === 'CONFLICT') {
            toast.error(WORD_TEXT.saveFailed, { description: WORD_TEXT.duplicate });
            return;
          }
          toast.error(WORD_TEXT.saveFailed, { description: error.message });
        },
      },
    );
  };

  const onDelete = () => {
    remove.mutate(word, { onSuccess: () => void navigate(paths.app.words, { replace: true }) });
  };

  return (
    <div className="space-y-6">
      <BackLink />
      <Card className="p-5">
        {editing ? (
          <>
            <h2 className="mb-4 text-lg font-semibold">Edit {word.word}</h2>
            {duplicateOf && (
              <div className="mb-4">
                <DuplicateNotice existingId={duplicateOf} />
              </div>
            )}
            <LazyCardForm
              initial={word}
              submitLabel={WORD_TEXT.saveChanges}
              pending={update.isPending}
              showReading={needsReading(targetLanguage) || Boolean(word.reading)}
              onSubmit={save}
              onCancel={() => {
                setEditing(false);
                setDuplicateOf(null);
              }}
            />
          </>
        ) : (
          <>
            <CardView
              card={word}
              onSpeak={speak}
              titleId="word-title"
              badges={
                word.mastered && (
                  <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
                    {WORD_TEXT.mastered}
                  </span>
                )
              }
            />
            <div className="mt-6 flex gap-2">
              <Button variant="outline" className="flex-1" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                {WORD_TEXT.edit}
              </Button>
              <Button
                variant="outline"
                size="icon"
                className="size-11"
                aria-label={
                  word.isFavorite
                    ? `Remove ${word.word} from favorites`
                    : `Add ${word.word} to favorites`
                }
                aria-pressed={word.isFavorite}
                onClick={() => toggleFavorite.mutate({ id: word.id, isFavorite: !word.isFavorite })}
              >
                <Heart className={cn(word.isFavorite && 'fill-rose-500 text-rose-500')} />
              </Button>
              <Button
                variant="outline"
                size="icon"
                className="size-11 hover:text-destructive"
                aria-label={`Delete ${word.word}`}
                loading={remove.isPending}
                onClick={onDelete}
              >
                {!remove.isPending && <Trash2 />}
              </Button>
            </div>
          </>
        )}
      </Card>
      <Card className="p-5">
        <WordHistory id={word.id} />
      </Card>
    </div>
  );
}
