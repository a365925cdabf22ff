import { Infinity as InfinityIcon, PartyPopper } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { StateCard } from '@/components/ui/core/state-card';
import { FEED_TEXT } from '../texts';

function formatNextReview(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

/** Nothing is due (spec §2 "Feed"): a way on to infinity practice. */
export function CaughtUp({ nextReviewDate }: { nextReviewDate: string | null }) {
  const next = nextReviewDate ? formatNextReview(nextReviewDate) : null;
  return (
    <StateCard
      icon={PartyPopper}
      title={FEED_TEXT.caughtUpTitle}
      titleId="caught-up-title"
      tone="success"
    >
      <p className="mt-2 text-sm text-muted-foreground">{FEED_TEXT.caughtUpText}</p>
      {next && (
        <p className="mt-1 text-sm text-muted-foreground">
          {FEED_TEXT.nextReview} <time dateTime={nextReviewDate ?? undefined}>{next}</time>
        </p>
      )}
      <Link
        to={paths.app.practiceInfinity}
        className={buttonVariants({ size: 'lg', className: 'mt-6' })}
      >
        <InfinityIcon aria-hidden="true" />
        {FEED_TEXT.infinityPractice}
      </Link>
    </StateCard>
  );
}
