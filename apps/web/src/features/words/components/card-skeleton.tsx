import { WORD_TEXT } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';

const bar = 'animate-pulse rounded bg-muted';

/**
 * The card being written: its outline while the provider works (a local model takes 10–20 s),
 * with a way out that aborts the request.
 */
export function CardSkeleton({ word, onCancel }: { word: string; onCancel: () => void }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="card-skeleton-status" aria-busy="true">
      <p id="card-skeleton-status" role="status" className="text-sm text-muted-foreground">
        {WORD_TEXT.generating.replace('{word}', word)}
      </p>
      <div aria-hidden="true" className="mt-4 space-y-4">
        <div className="flex items-start justify-between gap-3">
          <div className={`h-7 w-2/5 ${bar}`} />
          <div className={`h-5 w-9 rounded-full ${bar}`} />
        </div>
        <div className={`h-3 w-1/4 ${bar}`} />
        <div className={`h-5 w-1/2 ${bar}`} />
        <div className={`h-14 w-full rounded-xl ${bar}`} />
        <div className="space-y-2 border-l-2 border-muted pl-3">
          <div className={`h-3 w-4/5 ${bar}`} />
          <div className={`h-3 w-3/5 ${bar}`} />
        </div>
        <div className="flex gap-2">
          <div className={`h-6 w-16 rounded-full ${bar}`} />
          <div className={`h-6 w-20 rounded-full ${bar}`} />
        </div>
      </div>
      <Button variant="outline" className="mt-5 w-full" onClick={onCancel}>
        {WORD_TEXT.cancel}
      </Button>
    </Card>
  );
}
