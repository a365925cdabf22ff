import { useState } from 'react';
import { Undo2 } from 'lucide-react';
import type { PracticeSession } from '@verba/shared';
import { toast } from 'sonner';
import { Button } from '@/components/ui/core/button';
import { useUndoAnswer } from '../api/undo-answer';
import { PRACTICE_TEXT } from '../texts';

/** 'Undo last answer': under the card, and on the completion screens. */
export function UndoAnswerButton({
  pending,
  disabled = false,
  onUndo,
}: {
  pending: boolean;
  disabled?: boolean;
  onUndo: () => void;
}) {
  return (
    <div className="flex justify-center">
      <Button variant="ghost" size="sm" loading={pending} disabled={disabled} onClick={onUndo}>
        {!pending && <Undo2 aria-hidden="true" />}
        {PRACTICE_TEXT.undo}
      </Button>
    </div>
  );
}

/**
 * Undo on a completion screen: takes back the answer that completed the session, which reopens
 * it on that item (`onUndone` receives the session as it is again). An undo the server refuses
 * (the session's day is over) hides the button.
 */
export function UndoCompletion({
  sessionId,
  answerId,
  onUndone,
}: {
  sessionId: string;
  answerId: string;
  onUndone: (session: PracticeSession) => void;
}) {
  const undo = useUndoAnswer();
  const [refused, setRefused] = useState(false);
  if (refused) return null;
  const takeBack = () =>
    undo.mutate(
      { sessionId, answerId },
      {
        onSuccess: onUndone,
        onError: () => {
          setRefused(true);
          toast.error(PRACTICE_TEXT.undoFailed, {
            description: PRACTICE_TEXT.undoFailedDescription,
          });
        },
      },
    );
  return <UndoAnswerButton pending={undo.isPending} onUndo={takeBack} />;
}
