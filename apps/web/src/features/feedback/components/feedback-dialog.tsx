import { lazy, Suspense, useState } from 'react';
import { MessageSquare } from 'lucide-react';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_TEXT, type FeedbackType } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Spinner } from '@/components/ui/spinner';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

/** What the learner has written so far; kept while the dialog is closed. */
export interface FeedbackDraft {
  feedbackType: FeedbackType | '';
  message: string;
  rating: number | null;
}

const EMPTY_DRAFT: FeedbackDraft = {
  feedbackType: DEFAULT_FEEDBACK_TYPE,
  message: '',
  rating: null,
};

// The form is fetched when the learner reaches for the button, not with the profile: most visits
// never open it. Hovering or focusing the button starts the fetch, so the dialog opens complete.
const loadForm = () => import('./feedback-form');
const FeedbackForm = lazy(loadForm);

/**
 * 'Send Feedback' (spec §4 "Feedback dialog"): closed, open, submitting, then closed with the
 * form reset on success.
 */
export function FeedbackDialog() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<string | null>(null);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="outline"
          className="w-full"
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
        >
          <MessageSquare aria-hidden="true" />
          {FEEDBACK_TEXT.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{FEEDBACK_TEXT.title}</DialogTitle>
          <DialogDescription>{FEEDBACK_TEXT.description}</DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          }
        >
          <FeedbackForm
            draft={draft}
            onDraftChange={setDraft}
            error={error}
            onError={setError}
            onSent={() => {
              setDraft(EMPTY_DRAFT);
              setError(null);
              setOpen(false);
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
