import { Plus, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { SCREEN_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { StateCard } from '@/components/ui/core/state-card';
import { paths } from '@/config/paths';

/** What the feed shows a learner who has no words yet (spec §2, "Feed"). */
export function FeedEmptyState() {
  return (
    <StateCard icon={Sparkles} title={SCREEN_TEXT.feedEmptyTitle} titleId="feed-empty-title">
      <p className="mt-2 text-sm text-muted-foreground">
        Add a word you want to remember. Verba writes its card and brings it back for practice just
        before you would forget it.
      </p>
      <Link to={paths.app.words} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <Plus aria-hidden="true" />
        {SCREEN_TEXT.addFirstWord}
      </Link>
    </StateCard>
  );
}
