import { Zap } from 'lucide-react';
import { Button } from '@/components/ui/core/button';
import { StateCard } from '@/components/ui/core/state-card';
import { FEED_TEXT } from '../texts';

/** Spec §4: a session ended within the hour and words are due; starting makes a new session. */
export function QuickReview({
  dueCount,
  practiseAgainCount,
  starting,
  onStart,
}: {
  dueCount: number;
  practiseAgainCount: number;
  starting: boolean;
  onStart: () => void;
}) {
  return (
    <StateCard icon={Zap} title={FEED_TEXT.quickReviewTitle} titleId="quick-review-title">
      <p className="mt-2 text-sm text-muted-foreground">
        {FEED_TEXT.quickReviewText(dueCount, practiseAgainCount)}
      </p>
      <Button size="lg" className="mt-6" loading={starting} onClick={onStart}>
        {FEED_TEXT.startQuickReview}
      </Button>
    </StateCard>
  );
}
