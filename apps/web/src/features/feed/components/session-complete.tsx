import type { ReactNode } from 'react';
import { Infinity as InfinityIcon, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { StateCard } from '@/components/ui/core/state-card';
import { FEED_TEXT } from '../texts';

/**
 * The daily session's completion screen (spec §2 "Feed"): the session's figures (`stats`), then
 * 'Start New Practice' and 'Infinity Practice', and the Undo of the last answer (`undo`).
 */
export function SessionComplete({
  stats,
  starting,
  onStartNew,
  undo,
}: {
  stats: ReactNode;
  starting: boolean;
  onStartNew: () => void;
  undo?: ReactNode;
}) {
  return (
    <StateCard
      icon={Trophy}
      title={FEED_TEXT.completeTitle}
      titleId="session-complete-title"
      tone="success"
    >
      <p className="mt-2 text-sm text-muted-foreground">{FEED_TEXT.completeText}</p>
      <div className="mt-6 w-full">{stats}</div>
      <div className="mt-6 flex w-full flex-col gap-3">
        <Button size="lg" loading={starting} onClick={onStartNew}>
          {FEED_TEXT.startNewPractice}
        </Button>
        <Link
          to={paths.app.practiceInfinity}
          className={buttonVariants({ variant: 'outline', size: 'lg' })}
        >
          <InfinityIcon aria-hidden="true" />
          {FEED_TEXT.infinityPractice}
        </Link>
        {undo}
      </div>
    </StateCard>
  );
}
