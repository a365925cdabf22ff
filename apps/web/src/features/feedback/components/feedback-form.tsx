import { useId, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { toast } from 'sonner';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_TEXT,
  FEEDBACK_TYPES,
  feedbackProblem,
  type FeedbackType,
} from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Label } from '@/components/ui/core/label';
import { NativeSelect } from '@/components/ui/core/native-select';
import { ApiError, NETWORK_ERROR } from '@/lib/core/api-error';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/core/online';
import { useSubmitFeedback } from '../api/submit-feedback';
import type { FeedbackDraft } from './feedback-dialog';

const textareaClass =
  'min-h-32 w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive';

/**
 * The feedback form inside the dialog: its type, message and rating, checked with the spec's
 * messages (and again by the server), then sent. The draft belongs to the dialog, so that closing
 * and opening it again keeps what the learner wrote.
 */
export default function FeedbackForm({
  draft,
  onDraftChange,
  error,
  onError,
  onSent,
}: {
  draft: FeedbackDraft;
  onDraftChange: (draft: FeedbackDraft) => void;
  error: string | null;
  onError: (error: string | null) => void;
  onSent: () => void;
}) {
  const id = useId();
  const online = useOnline();
  const submit = useSubmitFeedback();
  const { feedbackType, message, rating } = draft;
  const setFeedbackType = (value: FeedbackType | '') =>
    onDraftChange({ ...draft, feedbackType: value });
  const setMessage = (value: string) => onDraftChange({ ...draft, message: value });
  const setRating = (value: number | null) => onDraftChange({ ...draft, rating: value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = feedbackProblem({ feedbackType, message, rating });
    if (problem || !feedbackType) {
      onError(problem);
      return;
    }
    onError(null);
    submit.mutate(
      { feedbackType, message: message.trim(), rating },
      {
        onSuccess: () => {
          toast.success(FEEDBACK_TEXT.successTitle, {
            description: FEEDBACK_TEXT.successDescription,
          });
          onSent();
        },
        onError: (failure) => {
          const description =
            failure instanceof ApiError && failure.status === 401
              ? FEEDBACK_TEXT.notSignedIn
              : failure instanceof ApiError && failure.code === NETWORK_ERROR
                ? failure.message
                : FEEDBACK_TEXT.failureDescription;
          toast.error(FEEDBACK_TEXT.failureTitle, { description });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>{FEEDBACK_TEXT.typeLabel}</Label>
        <NativeSelect
          id={`${id}-type`}
          value={feedbackType}
          onChange={(event) => setFeedbackType(event.target.value as FeedbackType | '')}
        >
          <option value="" disabled>
            Select a type
          </option>
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {FEEDBACK_TEXT.typeLabels[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-message`}>{FEEDBACK_TEXT.messageLabel}</Label>
        <textarea
          id={`${id}-message`}
          className={textareaClass}
          value={message}
          maxLength={FEEDBACK_LIMITS.messageMax + 100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-count`}
          placeholder="What's on your mind?"
          onChange={(event) => setMessage(event.target.value)}
        />
        <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
          {message.trim().length} / {FEEDBACK_LIMITS.messageMax}
        </p>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{FEEDBACK_TEXT.ratingLabel}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="button"
              aria-label={`${value} star${value === 1 ? '' : 's'}`}
              aria-pressed={rating === value}
              onClick={() => setRating(rating === value ? null : value)}
              className="rounded-md p-1.5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7',
                  rating !== null && value <= rating
                    ? 'fill-amber-400 text-amber-500'
                    : 'text-muted-foreground',
                )}
              />
            </button>
          ))}
        </div>
      </fieldset>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {!online && (
        <p role="status" className="text-sm text-muted-foreground">
          You are offline. Feedback can be sent once you are back online.
        </p>
      )}
      <Button type="submit" loading={submit.isPending} disabled={!online}>
        {submit.isPending ? FEEDBACK_TEXT.submitting : FEEDBACK_TEXT.submit}
      </Button>
    </form>
  );
}
