import { useRef, useState, type FormEvent } from 'react';
import { PenLine, Sparkles } from 'lucide-react';
import {
  needsReading,
  TOAST,
  WORD_INPUT_MAX_LENGTH,
  WORD_TEXT,
  type GeneratedCard,
} from '@verba/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/core/input';
import { ApiError } from '@/lib/core/api-error';
import { newWordId } from '@/lib/core/new-id';
import { useAiProvider } from '@/lib/server-config';
import { useSpeech } from '@/lib/core/use-speech';
import { useCreateWord } from '../api/create-word';
import { useGenerateWord } from '../api/generate-word';
import { useGenerationLimit } from '../hooks/use-generation-limit';
import type { CardInput } from '../utils/card-form';
import { describeGenerationFailure, slowDownDescription } from '../utils/generation-errors';
import { CardPreview } from './card-preview';
import { CardSkeleton } from './card-skeleton';
import { DuplicateNotice } from './duplicate-notice';
import { LazyCardForm } from './lazy-card-form';
import { NoAiNote } from './no-ai-note';

interface Preview {
  word: string;
  card: GeneratedCard;
  /** The save id: made once per card, so a second tap saves nothing twice. */
  id: string;
}

/** Why the hand-written form is open, which its first line says. */
type WritingReason =
  | { kind: 'own' }
  | { kind: 'no-ai' }
  | { kind: 'failed'; reason: string }
  /** Correcting an AI card before it is saved; Cancel goes back to it. */
  | { kind: 'edit'; preview: Preview };

type Step =
  | { kind: 'idle' }
  | { kind: 'generating'; word: string; controller: AbortController }
  | ({ kind: 'preview' } & Preview)
  | { kind: 'writing'; id: string; initial: Partial<GeneratedCard>; why: WritingReason };

/**
 * The top of My Words (spec §4 "Word card flow": blank input, generating, card shown, saving,
 * saved). With an AI provider the card is generated, shown, and saved, edited, regenerated or
 * discarded; a failed generation opens the hand-written form instead. Without one, writing the
 * card is the way to add a word.
 */
export function WordGenerator({ targetLanguage }: { targetLanguage: string }) {
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [duplicateOf, setDuplicateOf] = useState<{ id: string | undefined } | null>(null);
  const aiProvider = useAiProvider();
  const generate = useGenerateWord();
  const save = useCreateWord();
  const limiter = useGenerationLimit();
  const speak = useSpeech(targetLanguage);
  const input = useRef<HTMLInputElement>(null);

  const blank = text.trim() === '';
  const generating = step.kind === 'generating';

  const write = (word: string, why: WritingReason, initial: Partial<GeneratedCard> = { word }) =>
    setStep({ kind: 'writing', id: newWordId(), initial, why });

  const startGenerating = (word: string) => {
    const verdict = limiter.attempt();
    if (!verdict.allowed) {
      toast.error(WORD_TEXT.slowDown, { description: slowDownDescription(verdict.retryAfterMs) });
      return;
    }
    const controller = new AbortController();
    setDuplicateOf(null);
    setStep({ kind: 'generating', word, controller });
    generate.mutate(
      { word, signal: controller.signal },
      {
        onSuccess: (card) => setStep({ kind: 'preview', word, card, id: newWordId() }),
        onError: (error) => {
          // Only cards written count against the learner's minute (as on the server).
          limiter.giveBack(verdict.at);
          if (controller.signal.aborted) return;
          const failure = describeGenerationFailure(error);
          if (failure.kind === 'duplicate') {
            setStep({ kind: 'idle' });
            setDuplicateOf({ id: failure.existingId });
          } else if (failure.kind === 'no-ai') {
            write(word, { kind: 'no-ai' });
          } else if (failure.kind === 'slow-down') {
            setStep({ kind: 'idle' });
            toast.error(failure.title, { description: failure.description });
          } else {
            toast.error(failure.title, { description: failure.description });
            write(word, { kind: 'failed', reason: failureReason(failure) });
          }
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim();
    if (!word || generating || save.isPending) return;
    if (aiProvider) startGenerating(word);
    else write(word, { kind: 'own' });
  };

  const cancelGenerating = () => {
    if (step.kind !== 'generating') return;
    step.controller.abort();
    setStep({ kind: 'idle' });
    input.current?.focus();
  };

  const saved = () => {
    toast.success(WORD_TEXT.saved);
    setStep({ kind: 'idle' });
    setText('');
  };

  const onSaveError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'CONFLICT' && error.resourceId) {
      setDuplicateOf({ id: error.resourceId });
      return;
    }
    toast.error(WORD_TEXT.saveFailed, { description: error.message });
  };

  const savePreview = () => {
    if (step.kind !== 'preview' || save.isPending) return;
    save.mutate({ id: step.id, ...step.card }, { onSuccess: saved, onError: onSaveError });
  };

  const saveWritten = (card: CardInput) => {
    if (step.kind !== 'writing' || save.isPending) return;
    save.mutate({ id: step.id, ...card }, { onSuccess: saved, onError: onSaveError });
  };

  const closeForm = () => {
    if (step.kind === 'writing' && step.why.kind === 'edit') {
      setStep({ kind: 'preview', ...step.why.preview });
    } else {
      setStep({ kind: 'idle' });
    }
  };

  // The open form has its own 'Word or phrase' field: the input above gives way to it.
  if (step.kind === 'writing') {
    const { why } = step;
    return (
      <section aria-label="Add a word" className="space-y-4">
        {duplicateOf && <DuplicateNotice existingId={duplicateOf.id} />}
        <Card className="p-5">
          <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
            <PenLine aria-hidden="true" className="size-5 text-primary" />
            {WORD_TEXT.handWrittenTitle}
          </h2>
          <LazyCardForm
            key={step.id}
            initial={step.initial}
            submitLabel={WORD_TEXT.save}
            pending={save.isPending}
            showReading={needsReading(targetLanguage)}
            onSubmit={saveWritten}
            onCancel={closeForm}
            intro={
              why.kind === 'no-ai' ? (
                <p role="status" className="rounded-xl bg-muted p-3 text-sm">
                  {WORD_TEXT.handWrittenNoAi}
                </p>
              ) : why.kind === 'failed' ? (
                <p role="status" className="rounded-xl bg-muted p-3 text-sm">
                  <span className="font-semibold">{why.reason}</span>{' '}
                  {WORD_TEXT.generationFailedWrite}
                </p>
              ) : null
            }
          />
        </Card>
      </section>
    );
  }

  return (
    <section aria-label="Add a word" className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <Input
          ref={input}
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
          disabled={blank || generating}
          loading={generating}
        >
          {!generating &&
            (aiProvider ? <Sparkles aria-hidden="true" /> : <PenLine aria-hidden="true" />)}
          {aiProvider ? WORD_TEXT.generate : WORD_TEXT.writeCard}
        </Button>
      </form>

      {!aiProvider && <NoAiNote />}

      {duplicateOf && <DuplicateNotice existingId={duplicateOf.id} />}

      {step.kind === 'generating' && <CardSkeleton word={step.word} onCancel={cancelGenerating} />}

      {step.kind === 'preview' && (
        <CardPreview
          card={step.card}
          saving={save.isPending}
          onSpeak={speak}
          onSave={savePreview}
          onEdit={() =>
            setStep({
              kind: 'writing',
              id: step.id,
              initial: step.card,
              why: { kind: 'edit', preview: step },
            })
          }
          onRegenerate={() => startGenerating(step.word)}
          onDiscard={() => {
            setStep({ kind: 'idle' });
            input.current?.focus();
          }}
        />
      )}

      {aiProvider && step.kind === 'idle' && (
        <div className="text-center">
          <Button variant="link" size="sm" onClick={() => write(text.trim(), { kind: 'own' })}>
            <PenLine aria-hidden="true" />
            {WORD_TEXT.writeYourself}
          </Button>
        </div>
      )}
    </section>
  );
}

/** What went wrong, in the fewest words: the spec's toast title, or its text for a plain 'Error'. */
function failureReason(failure: { title: string; description: string }): string {
  return failure.title === TOAST.error ? failure.description : failure.title;
}
