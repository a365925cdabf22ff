import { Info } from 'lucide-react';
import { WORD_TEXT } from '@verba/shared';

/** Says why there is no 'Generate Word Card' here, and what the server's admin can do about it. */
export function NoAiNote() {
  return (
    <div className="flex gap-2 rounded-xl bg-muted p-3 text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 space-y-1">
        <p>{WORD_TEXT.noAiNote}</p>
        <details className="text-muted-foreground">
          <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
            {WORD_TEXT.noAiAdminHelp}
          </summary>
          <p className="mt-1 break-words">{WORD_TEXT.noAiAdminSteps}</p>
        </details>
      </div>
    </div>
  );
}
