import { completingWordsText } from '@verba/shared';
import { Spinner } from '@/components/ui/spinner';
import { useEnrichment } from '../api/get-enrichment';

/**
 * "Completing N imported words…" while the AI writes the rest of imported words' cards in the
 * background; gone when it is done. Nothing waits for it: practice takes the words it can.
 */
export function CompletingWords() {
  const pending = useEnrichment().data?.pending ?? 0;
  return (
    <p role="status" className="text-sm text-muted-foreground empty:hidden">
      {pending > 0 && (
        <span className="flex items-center gap-2">
          <Spinner className="size-4" />
          {completingWordsText(pending)}
        </span>
      )}
    </p>
  );
}
