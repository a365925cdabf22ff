import { useId, useState, type FormEvent } from 'react';
import { MessageSquare, Star } from 'lucide-react';
import { toast } from 'sonner';
import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_LIMITS,
  FEEDBACK_TEXT,
  FEEDBACK_TYPES,
  feedbackProblem,
  type FeedbackType,
} from '@verba/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, NETWORK_ERROR } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useOnline } from '@/lib/online';
import { useSubmitFeedback } from '../api/submit-feedback';

const textareaClass =
  'min-h-32 w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive';

/**
 * 'Send Feedback' (spec §4 "Feedback dialog"): closed, open, submitting, then closed with the
 * form reset on success. The messages are the spec's, checked here and again by the server.
 */
export function FeedbackDialog() {
  const id = useId();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [feedbackType, setFeedbackType] = useState<FeedbackType | ''>(DEFAULT_FEEDBACK_TYPE);
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitFeedback();

  const reset = () => {
    setFeedbackType(DEFAULT_FEEDBACK_TYPE);
    setMessage('');
    setRating(null);
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = feedbackProblem({ feedbackType, message, rating });
    if (problem || !feedbackType) {
      setError(problem);
      return;
    }
    setError(null);
    submit.mutate(
      { feedbackType, message: message.trim(), rating },
      {
        onSuccess: () => {
          toast.success(FEEDBACK_TEXT.successTitle, {
            description: FEEDBACK_TEXT.successDescription,
          });
          reset();
          setOpen(false);
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className="w-full">
          <MessageSquare aria-hidden="true" />
          {FEEDBACK_TEXT.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FEEDBACK_TEXT.title}</DialogTitle>
          <DialogDescription>{FEEDBACK_TEXT.description}</DialogDescription>
        </DialogHeader>
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
      </DialogContent>
    </Dialog>
  );
}
