import { useState, type FormEvent } from 'react';
import { PenLine, Sparkles } from 'lucide-react';
import { needsReading, WORD_INPUT_MAX_LENGTH, WORD_TEXT, type GeneratedCard } from '@verba/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { useCreateWord } from '../api/create-word';
import { useGenerateWord } from '../api/generate-word';
import { useGenerationLimit } from '../hooks/use-generation-limit';
import { useSpeech } from '@/lib/use-speech';
import type { CardInput } from '../utils/card-form';
import { describeGenerationFailure, slowDownDescription } from '../utils/generation-errors';
import { newWordId } from '@/lib/new-id';
import { LazyCardForm } from './lazy-card-form';
import { CardView } from './card-view';
import { DuplicateNotice } from './duplicate-notice';

interface Manual {
  /** The form's save id: made once, so a second tap saves nothing twice. */
  id: string;
  word: string;
  noAi: boolean;
}

/**
 * The top of My Words (spec §4 "Word card flow": blank input, generating, card shown, saving,
 * saved), and the hand-written card when there is no AI provider or the learner prefers it.
 */
export function WordGenerator({ targetLanguage }: { targetLanguage: string }) {
  const [text, setText] = useState('');
  const [generated, setGenerated] = useState<{ card: GeneratedCard; id: string } | null>(null);
  const [duplicateOf, setDuplicateOf] = useState<{ id: string | undefined } | null>(null);
  const [manual, setManual] = useState<Manual | null>(null);
  const generate = useGenerateWord();
  const saveCard = useCreateWord();
  const saveManual = useCreateWord();
  const limiter = useGenerationLimit();
  const speak = useSpeech(targetLanguage);

  const busy = generate.isPending || saveCard.isPending;
  const blank = text.trim() === '';

  const onSaveError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'CONFLICT' && error.resourceId) {
      setDuplicateOf({ id: error.resourceId });
      return;
    }
    toast.error(WORD_TEXT.saveFailed, { description: error.message });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim();
    if (!word || busy) return;
    const verdict = limiter.attempt();
    if (!verdict.allowed) {
      toast.error(WORD_TEXT.slowDown, { description: slowDownDescription(verdict.retryAfterMs) });
      return;
    }
    setGenerated(null);
    setDuplicateOf(null);
    generate.mutate(
      { word },
      {
        onSuccess: (card) => setGenerated({ card, id: newWordId() }),
        onError: (error) => {
          const failure = describeGenerationFailure(error);
          if (failure.kind === 'duplicate') setDuplicateOf({ id: failure.existingId });
          else if (failure.kind === 'no-ai') setManual({ id: newWordId(), word, noAi: true });
          else toast.error(failure.title, { description: failure.description });
        },
      },
    );
  };

  const save = () => {
    if (!generated || saveCard.isPending) return;
    saveCard.mutate(
      { id: generated.id, ...generated.card },
      {
        onSuccess: () => {
          toast.success(WORD_TEXT.saved);
          setGenerated(null);
          setText('');
        },
        onError: onSaveError,
      },
    );
  };

  const saveHandWritten = (input: CardInput) => {
    if (!manual || saveManual.isPending) return;
    saveManual.mutate(
      { id: manual.id, ...input },
      {
        onSuccess: () => {
          toast.success(WORD_TEXT.saved);
          setManual(null);
          setText('');
        },
        onError: onSaveError,
      },
    );
  };

  return (
    <section aria-label="Add a word" className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <Input
          aria-label="Word or phrase"
          placeholder={WORD_TEXT.inputPlaceholder}
          value={text}
          maxLength={WORD_INPUT_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="off"
          enterKeyHint="go"
          onChange={(event) => {
            setText(event.target.value);
            setDuplicateOf(null);
          }}
        />
        <Button
          type="submit"
          className="w-full"
          disabled={blank || busy}
          loading={generate.isPending}
        >
          {!generate.isPending && <Sparkles aria-hidden="true" />}
          {WORD_TEXT.generate}
        </Button>
      </form>

      {duplicateOf && <DuplicateNotice existingId={duplicateOf.id} />}

      {generated && (
        <Card className="p-5" aria-labelledby="generated-card-title" role="region">
          <CardView card={generated.card} onSpeak={speak} titleId="generated-card-title" />
          <Button className="mt-5 w-full" loading={saveCard.isPending} onClick={save}>
            {WORD_TEXT.save}
          </Button>
        </Card>
      )}

      {manual ? (
        <Card className="p-5">
          <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
            <PenLine aria-hidden="true" className="size-5 text-primary" />
            {WORD_TEXT.handWrittenTitle}
          </h2>
          <LazyCardForm
            key={manual.id}
            initial={{ word: manual.word }}
            submitLabel={WORD_TEXT.save}
            pending={saveManual.isPending}
            showReading={needsReading(targetLanguage)}
            onSubmit={saveHandWritten}
            onCancel={() => setManual(null)}
            intro={
              manual.noAi && (
                <p role="status" className="rounded-xl bg-muted p-3 text-sm">
                  {WORD_TEXT.handWrittenNoAi}
                </p>
              )
            }
          />
        </Card>
      ) : (
        !generated && (
          <div className="text-center">
            <Button
              variant="link"
              size="sm"
              onClick={() => setManual({ id: newWordId(), word: text.trim(), noAi: false })}
            >
              <PenLine aria-hidden="true" />
              {WORD_TEXT.writeYourself}
            </Button>
          </div>
        )
      )}
    </section>
  );
}
