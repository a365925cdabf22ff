import type { PracticeItem, PracticeSession } from '@verba/shared';
import { ProgressBar } from '@/components/ui/progress-bar';
import { sessionProgress, wordPosition } from '../utils/session-progress';

/** Infinity's counters (spec §2): 'Word x / y' and '(a / b items)', over a progress bar. */
export function InfinityProgress({
  session,
  item,
}: {
  session: PracticeSession;
  item: PracticeItem | null;
}) {
  const { position, total } = wordPosition(session, item);
  const { answered, total: items } = sessionProgress(session);
  return (
    <div className="space-y-2">
      <p className="flex items-baseline justify-between text-sm font-medium tabular-nums">
        <span data-testid="infinity-word-counter">
          Word {position} / {total}
        </span>
        <span data-testid="infinity-item-counter" className="text-muted-foreground">
          ({answered} / {items} items)
        </span>
      </p>
      <ProgressBar
        value={answered}
        max={items}
        label="Infinity practice progress"
        valueText={`${answered} / ${items} items`}
      />
    </div>
  );
}
