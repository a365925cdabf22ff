import { useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { CEFR_LEVELS, WORD_CARD_LIMITS, WORD_TEXT, WORD_THEMES } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { Label } from '@/components/ui/core/label';
import { cn } from '@/lib/cn';
import {
  cardFormDefaults,
  cardFormResolver,
  type CardFormValues,
  type CardInput,
} from '../utils/card-form';

const textareaClass =
  'flex min-h-20 w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive';
const selectClass =
  'flex h-11 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40';

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/**
 * A card written or corrected by the learner: word and translation required, every other field
 * optional. Checked with the shared schema the API uses before anything is sent.
 */
export function CardForm({
  initial,
  submitLabel,
  pending,
  showReading,
  onSubmit,
  onCancel,
  intro,
}: {
  initial?: Parameters<typeof cardFormDefaults>[0];
  submitLabel: string;
  pending: boolean;
  showReading: boolean;
  onSubmit: (input: CardInput) => void;
  onCancel?: () => void;
  intro?: ReactNode;
}) {
  const prefix = useId();
  const [defaults] = useState(() => cardFormDefaults(initial));
  // Two example rows, or as many as the card already has (an AI card may carry more).
  const exampleRows = Array.from({ length: defaults.examples.length }, (_, i) => i);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm<CardFormValues, unknown, CardInput>({
    resolver: cardFormResolver,
    defaultValues: defaults,
  });
  const themes = useWatch({ control, name: 'themes' });
  const id = (name: string) => `${prefix}-${name}`;
  const invalid = (error: FieldError | undefined, name: string) =>
    error ? { 'aria-invalid': true, 'aria-describedby': id(`${name}-error`) } : {};

  const toggleTheme = (theme: (typeof WORD_THEMES)[number]) => {
    const next = themes.includes(theme)
      ? themes.filter((t) => t !== theme)
      : [...themes, theme].slice(-WORD_CARD_LIMITS.themesMax);
    setValue('themes', next, { shouldDirty: true });
  };

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      {intro}
      <Field id={id('word')} label="Word or phrase" error={errors.word}>
        <Input
          id={id('word')}
          autoComplete="off"
          maxLength={WORD_CARD_LIMITS.word}
          {...invalid(errors.word, 'word')}
          {...register('word')}
        />
      </Field>
      <Field id={id('translation')} label="Translation" error={errors.translation}>
        <Input
          id={id('translation')}
          autoComplete="off"
          maxLength={WORD_CARD_LIMITS.translation}
          {...invalid(errors.translation, 'translation')}
          {...register('translation')}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={id('ipa')} label="Pronunciation (IPA)" error={errors.ipa}>
          <Input
            id={id('ipa')}
            autoComplete="off"
            maxLength={WORD_CARD_LIMITS.ipa}
            {...invalid(errors.ipa, 'ipa')}
            {...register('ipa')}
          />
        </Field>
        <Field id={id('cefrLevel')} label="CEFR level" error={errors.cefrLevel}>
          <select id={id('cefrLevel')} className={selectClass} {...register('cefrLevel')}>
            <option value="">None</option>
            {CEFR_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id('grammarType')} label="Grammar type" error={errors.grammarType}>
        <Input
          id={id('grammarType')}
          autoComplete="off"
          placeholder="noun, verb, adjective…"
          maxLength={WORD_CARD_LIMITS.grammarType}
          {...invalid(errors.grammarType, 'grammarType')}
          {...register('grammarType')}
        />
      </Field>
      {showReading && (
        <Field id={id('reading')} label="Reading" error={errors.reading}>
          <Input
            id={id('reading')}
            autoComplete="off"
            maxLength={WORD_CARD_LIMITS.reading}
            {...invalid(errors.reading, 'reading')}
            {...register('reading')}
          />
        </Field>
      )}
      <Field
        id={id('synonyms')}
        label="Synonyms"
        hint="Separated by commas"
        error={errors.synonyms as FieldError | undefined}
      >
        <Input
          id={id('synonyms')}
          autoComplete="off"
          {...invalid(errors.synonyms as FieldError | undefined, 'synonyms')}
          {...register('synonyms')}
        />
      </Field>
      <Field id={id('mnemonic')} label="Memory aid" error={errors.mnemonic}>
        <textarea
          id={id('mnemonic')}
          rows={2}
          maxLength={WORD_CARD_LIMITS.mnemonic}
          className={textareaClass}
          {...invalid(errors.mnemonic, 'mnemonic')}
          {...register('mnemonic')}
        />
      </Field>
      {exampleRows.map((row) => (
        <fieldset key={row} className="space-y-2 rounded-xl border p-3">
          <legend className="px-1 text-sm font-medium">Example {row + 1}</legend>
          <Field
            id={id(`example-${row}-target`)}
            label="Sentence"
            error={errors.examples?.[row]?.target}
          >
            <Input
              id={id(`example-${row}-target`)}
              autoComplete="off"
              maxLength={WORD_CARD_LIMITS.exampleText}
              {...invalid(errors.examples?.[row]?.target, `example-${row}-target`)}
              {...register(`examples.${row}.target`)}
            />
          </Field>
          <Field
            id={id(`example-${row}-translation`)}
            label="Its translation"
            error={errors.examples?.[row]?.translation}
          >
            <Input
              id={id(`example-${row}-translation`)}
              autoComplete="off"
              maxLength={WORD_CARD_LIMITS.exampleText}
              {...invalid(errors.examples?.[row]?.translation, `example-${row}-translation`)}
              {...register(`examples.${row}.translation`)}
            />
          </Field>
        </fieldset>
      ))}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          Themes <span className="font-normal text-muted-foreground">(up to 3)</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {WORD_THEMES.map((theme) => {
            const on = themes.includes(theme);
            return (
              <button
                key={theme}
                type="button"
                aria-pressed={on}
                onClick={() => toggleTheme(theme)}
                className={cn(
                  'rounded-full border px-2.5 py-1 text-xs font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  on
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-card text-muted-foreground hover:text-foreground',
                )}
              >
                {theme}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="flex gap-2 pt-1">
        {onCancel && (
          <Button variant="outline" className="flex-1" onClick={onCancel} disabled={pending}>
            {WORD_TEXT.cancel}
          </Button>
        )}
        <Button type="submit" className="flex-1" loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
