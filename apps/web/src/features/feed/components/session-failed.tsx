import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { StateCard } from '@/components/ui/core/state-card';
import { FEED_TEXT } from '../texts';

/** The feed could not load or start a session (spec §2 "Feed"). */
export function SessionFailed({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <StateCard
      icon={TriangleAlert}
      title={FEED_TEXT.failedTitle}
      titleId="session-failed-title"
      tone="danger"
    >
      <p className="mt-2 text-sm text-muted-foreground">{FEED_TEXT.failedText}</p>
      <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.app.words} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {FEED_TEXT.checkMyWords}
        </Link>
        <Button size="lg" loading={retrying} onClick={onRetry}>
          {!retrying && <RotateCcw aria-hidden="true" />}
          {FEED_TEXT.retry}
        </Button>
      </div>
    </StateCard>
  );
}
