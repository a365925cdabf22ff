import { ProgressBar } from '@/components/ui/progress-bar';
import { FEED_TEXT } from '../texts';

/** The daily session's progress bar, labelled 'n / total' (spec §2 "Feed"). */
export function FeedProgress({ answered, total }: { answered: number; total: number }) {
  return (
    <div className="flex items-center gap-3">
      <ProgressBar
        value={answered}
        max={total}
        label={FEED_TEXT.progressLabel}
        valueText={`${answered} / ${total}`}
        className="flex-1"
      />
      <span
        data-testid="feed-progress"
        className="text-sm font-medium text-muted-foreground tabular-nums"
      >
        {answered} / {total}
      </span>
    </div>
  );
}
