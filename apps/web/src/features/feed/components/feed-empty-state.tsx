import { Plus, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { SCREEN_TEXT } from '@verba/shared';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/** What the feed shows a learner who has no words yet (spec §2, "Feed"). */
export function FeedEmptyState() {
  return (
    <section
      aria-labelledby="feed-empty-title"
      className="flex flex-col items-center rounded-2xl border bg-card px-6 py-10 text-center shadow-sm"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles aria-hidden="true" className="size-7" />
      </div>
      <h2 id="feed-empty-title" className="mt-4 text-xl font-semibold">
        {SCREEN_TEXT.feedEmptyTitle}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Add a word you want to remember. Verba writes its card and brings it back for practice just
        before you would forget it.
      </p>
      <Link to={paths.app.words} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <Plus aria-hidden="true" />
        {SCREEN_TEXT.addFirstWord}
      </Link>
    </section>
  );
}
