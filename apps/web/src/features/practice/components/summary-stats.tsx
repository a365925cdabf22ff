import { BookOpen, Clock, Flame, Target } from 'lucide-react';
import type { SessionSummary } from '@verba/shared';
import { dayCount, formatDuration } from '../utils/session-progress';

/** A finished session's figures: words practised, accuracy, time spent and the current streak. */
export function SummaryStats({ summary }: { summary: SessionSummary }) {
  const stats = [
    { label: 'Words practised', value: String(summary.wordsPracticed), icon: BookOpen },
    { label: 'Accuracy', value: `${summary.accuracy}%`, icon: Target },
    { label: 'Time spent', value: formatDuration(summary.totalTimeSeconds), icon: Clock },
    { label: 'Current streak', value: dayCount(summary.currentStreak), icon: Flame },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3" data-testid="session-summary">
      {stats.map(({ label, value, icon: Icon }) => (
        <div
          key={label}
          className="flex flex-col items-center gap-1 rounded-xl bg-muted/60 px-3 py-4"
        >
          <Icon aria-hidden="true" className="size-5 text-primary" />
          <dt className="order-last text-xs text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
