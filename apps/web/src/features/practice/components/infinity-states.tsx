import type { ReactNode } from 'react';
import { BookOpen, RotateCcw, Sparkles, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { PracticeSession } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { StateCard } from '@/components/ui/core/state-card';
import { PRACTICE_TEXT } from '../texts';
import { MissedWords } from './missed-words';
import { SummaryStats } from './summary-stats';

/** No words to practise yet (spec §2 "Infinity practice"). */
export function NoWordsAvailable() {
  return (
    <StateCard icon={BookOpen} title={PRACTICE_TEXT.noWordsTitle} titleId="no-words-title">
      <p className="mt-2 text-sm text-muted-foreground">
        Add a few words first, then practise them here as often as you like.
      </p>
      <Link to={paths.app.words} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        {PRACTICE_TEXT.goToMyWords}
      </Link>
    </StateCard>
  );
}

/** The words could not be loaded (spec §8 'Error loading words'). */
export function InfinityLoadFailed({
  retrying,
  onRetry,
}: {
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <StateCard
      icon={TriangleAlert}
      title={PRACTICE_TEXT.errorLoadingWords}
      titleId="infinity-error-title"
      tone="danger"
    >
      <p className="mt-2 text-sm text-muted-foreground">Check your connection and try again.</p>
      <Button size="lg" className="mt-6" loading={retrying} onClick={onRetry}>
        {!retrying && <RotateCcw aria-hidden="true" />}
        {PRACTICE_TEXT.retry}
      </Button>
    </StateCard>
  );
}

/**
 * The end of an infinity round: 'Great Practice!', the words missed, 'Practice Again' and the way
 * back ('Back to Feed', or to the group a group's round came from), and the Undo of the last answer.
 */
export function GreatPractice({
  session,
  starting,
  onPracticeAgain,
  back,
  undo,
}: {
  session: PracticeSession;
  starting: boolean;
  onPracticeAgain: () => void;
  back: { to: string; label: string };
  /** The Undo of the round's last answer. */
  undo?: ReactNode;
}) {
  return (
    <StateCard
      icon={Sparkles}
      title={PRACTICE_TEXT.greatPractice}
      titleId="great-practice-title"
      tone="success"
    >
      {session.summary && (
        <div className="mt-6 w-full">
          <SummaryStats summary={session.summary} />
        </div>
      )}
      <div className="mt-6 w-full empty:hidden">
        <MissedWords session={session} />
      </div>
      <div className="mt-6 flex w-full flex-col gap-3">
        <Button size="lg" loading={starting} onClick={onPracticeAgain}>
          {PRACTICE_TEXT.practiceAgain}
        </Button>
        <Link to={back.to} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          {back.label}
        </Link>
        {undo}
      </div>
    </StateCard>
  );
}
