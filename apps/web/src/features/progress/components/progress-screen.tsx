import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import {
  CEFR_LEVELS,
  COLLECTION_STATES,
  countOf,
  RETENTION_PERIODS,
  retentionPercent,
  STABILITY_BUCKET_LABELS,
  STATS_ANSWERS,
  STATS_LIMITS,
  STATS_TEXT,
  UNITS,
  type RetentionCell,
  type Stats,
} from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Card } from '@/components/ui/card';
import { StateCard } from '@/components/ui/core/state-card';
import { useStagedRender } from '@/lib/core/staged-render';
import { useStats } from '../api/get-stats';
import { addDays, shortDay } from '../utils/days';
import { BarChart, CountBars } from './bar-chart';
import { CalendarHeatmap } from './calendar-heatmap';

/** A block of the screen: a heading, the one-line answer, then the chart. */
function Block({
  id,
  title,
  answer,
  children,
}: {
  id: string;
  title: string;
  answer: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5" data-testid={`progress-${id}`}>
      <section aria-labelledby={`progress-${id}-title`} className="space-y-3">
        <h2 id={`progress-${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid={`progress-${id}-answer`}>
          {answer}
        </p>
        {children}
      </section>
    </Card>
  );
}

function ProgressSkeleton() {
  return (
    <div role="status" aria-label="Loading progress" className="space-y-4">
      {[40, 28, 32].map((h) => (
        <div
          key={h}
          className="animate-pulse rounded-2xl border bg-card p-5"
          style={{ height: `${h * 4}px` }}
        >
          <div className="h-5 w-40 rounded bg-muted" />
          <div className="mt-3 h-4 w-64 max-w-full rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

const sum = (cell: RetentionCell, other: RetentionCell): RetentionCell => ({
  reviews: cell.reviews + other.reviews,
  correct: cell.correct + other.correct,
});

function RetentionText({ cell }: { cell: RetentionCell }) {
  const percent = retentionPercent(cell);
  if (percent === null)
    return <span className="text-muted-foreground">{STATS_TEXT.notEnough}</span>;
  return (
    <span>
      <span className="font-semibold tabular-nums">{percent}%</span>{' '}
      <span className="text-xs text-muted-foreground tabular-nums">
        ({cell.correct}/{cell.reviews})
      </span>
    </span>
  );
}

function CalendarBlock({ stats }: { stats: Stats }) {
  const active = stats.days.filter((d) => d.reviews > 0).length;
  const streak = (label: string, days: number, testId: string) => (
    <div className="rounded-xl bg-muted/60 px-3 py-2">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {countOf(days, UNITS.day)}
      </p>
    </div>
  );
  return (
    <Block
      id="calendar"
      title={STATS_TEXT.calendar}
      answer={STATS_ANSWERS.calendar(active, stats.totalReviews)}
    >
      <div className="grid grid-cols-2 gap-2">
        {streak(STATS_TEXT.currentStreak, stats.streak.current, 'progress-current-streak')}
        {streak(STATS_TEXT.longestStreak, stats.streak.longest, 'progress-longest-streak')}
      </div>
      <CalendarHeatmap today={stats.today} days={stats.days} />
    </Block>
  );
}

function ForecastBlock({ stats }: { stats: Stats }) {
  const week = stats.forecast.slice(1, 8).reduce((n, d) => n + d.due, 0);
  const total = stats.forecast.reduce((n, d) => n + d.due, 0);
  const today = stats.forecast[0]?.due ?? 0;
  return (
    <Block
      id="forecast"
      title={STATS_TEXT.forecast}
      answer={STATS_ANSWERS.forecast(today, stats.overdue, week, total)}
    >
      <BarChart
        caption={STATS_TEXT.forecast}
        valueHeader="Words due"
        bars={stats.forecast.map((d, i) => ({
          key: d.day,
          label: i === 0 ? `Today, ${d.day}` : d.day,
          value: d.due,
        }))}
        firstLabel="Today"
        lastLabel={shortDay(stats.forecast.at(-1)?.day ?? stats.today)}
      />
    </Block>
  );
}

function RetentionBlock({ stats }: { stats: Stats }) {
  const month = stats.retention.periods.find((p) => p.id === 'month');
  const monthPercent = month ? retentionPercent(sum(month.young, month.mature)) : null;
  const target = Math.round(stats.retention.target * 100);
  return (
    <Block
      id="retention"
      title={STATS_TEXT.retention}
      answer={STATS_ANSWERS.retention(monthPercent, target)}
    >
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="pb-2 text-start text-xs text-muted-foreground">
            {STATS_TEXT.retentionTarget}: {target}%. {STATS_TEXT.young}: {STATS_TEXT.youngHint};{' '}
            {STATS_TEXT.mature.toLowerCase()}: {STATS_TEXT.matureHint}.
          </caption>
          <thead>
            <tr className="border-b text-start text-muted-foreground">
              <th scope="col" className="py-1.5 text-start font-medium">
                <span className="sr-only">Period</span>
              </th>
              <th scope="col" className="py-1.5 text-start font-medium">
                {STATS_TEXT.young}
              </th>
              <th scope="col" className="py-1.5 text-start font-medium">
                {STATS_TEXT.mature}
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.retention.periods.map((p) => (
              <tr key={p.id} className="border-b last:border-0">
                <th scope="row" className="py-1.5 pe-2 text-start font-medium">
                  {RETENTION_PERIODS.find((r) => r.id === p.id)?.label}
                </th>
                <td className="py-1.5 pe-2">
                  <RetentionText cell={p.young} />
                </td>
                <td className="py-1.5">
                  <RetentionText cell={p.mature} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}

function ActivityBlock({ stats }: { stats: Stats }) {
  const byDay = new Map(stats.days.map((d) => [d.day, d]));
  const days = Array.from({ length: STATS_LIMITS.activityDays }, (_, i) =>
    addDays(stats.today, i - STATS_LIMITS.activityDays + 1),
  );
  const reviews = days.map((day) => ({
    key: day,
    label: day,
    value: byDay.get(day)?.reviews ?? 0,
  }));
  const minutes = days.map((day) => ({
    key: day,
    label: day,
    value: byDay.get(day)?.minutes ?? 0,
  }));
  const active = days.filter((day) => (byDay.get(day)?.reviews ?? 0) > 0).length;
  const total = (bars: { value: number }[]) => bars.reduce((n, b) => n + b.value, 0);
  const first = shortDay(days[0] ?? stats.today);
  return (
    <Block
      id="activity"
      title={STATS_TEXT.activity}
      answer={STATS_ANSWERS.activity(active, total(reviews), total(minutes))}
    >
      <h3 className="text-sm font-medium">{STATS_TEXT.reviewsSeries}</h3>
      <BarChart
        caption={STATS_TEXT.reviewsSeries}
        valueHeader={STATS_TEXT.reviewsSeries}
        bars={reviews}
        firstLabel={first}
        lastLabel="Today"
      />
      <h3 className="text-sm font-medium">{STATS_TEXT.minutesSeries}</h3>
      <BarChart
        caption={STATS_TEXT.minutesSeries}
        valueHeader={STATS_TEXT.minutesSeries}
        bars={minutes}
        firstLabel={first}
        lastLabel="Today"
      />
    </Block>
  );
}

function CollectionBlock({ stats }: { stats: Stats }) {
  const { byState, byLevel, total } = stats.collection;
  return (
    <Block
      id="collection"
      title={STATS_TEXT.collection}
      answer={STATS_ANSWERS.collection(total, byState.mastered, byState.new)}
    >
      <h3 className="text-sm font-medium">{STATS_TEXT.byState}</h3>
      <CountBars
        label={STATS_TEXT.byState}
        rows={COLLECTION_STATES.map((s) => ({
          label: STATS_TEXT.stateLabels[s],
          value: byState[s],
        }))}
      />
      {byLevel.length > 0 && (
        <>
          <h3 className="text-sm font-medium">{STATS_TEXT.byLevel}</h3>
          <CountBars
            label={STATS_TEXT.byLevel}
            rows={[...CEFR_LEVELS, null].flatMap((level) => {
              const found = byLevel.find((l) => l.level === level);
              return found ? [{ label: level ?? STATS_TEXT.noLevel, value: found.words }] : [];
            })}
          />
        </>
      )}
    </Block>
  );
}

function MemoryBlock({ stats }: { stats: Stats }) {
  const { memory } = stats;
  return (
    <Block
      id="memory"
      title={STATS_TEXT.memory}
      answer={STATS_ANSWERS.stability(memory.medianStabilityDays)}
    >
      {memory.reviewed > 0 && (
        <>
          <h3 className="text-sm font-medium">{STATS_TEXT.stability}</h3>
          <CountBars
            label={STATS_TEXT.stability}
            rows={STABILITY_BUCKET_LABELS.map((label, i) => ({
              label,
              value: memory.stability[i] ?? 0,
            }))}
          />
          <h3 className="text-sm font-medium">{STATS_TEXT.difficulty}</h3>
          <p className="text-sm text-muted-foreground">
            {STATS_ANSWERS.difficulty(memory.meanDifficultyPercent)}
          </p>
          <CountBars
            label={STATS_TEXT.difficulty}
            rows={memory.difficulty.map((value, i) => ({
              label: `${i * 10}–${i * 10 + 10}%`,
              value,
            }))}
          />
        </>
      )}
    </Block>
  );
}

/** The Progress screen: each block answers one question, in words first. */
export function ProgressScreen() {
  const { data: stats, isError, refetch, isFetching } = useStats();
  if (!stats) {
    if (isError) {
      return (
        <StateCard
          icon={AlertCircle}
          tone="danger"
          title={STATS_TEXT.loadFailed}
          titleId="progress-error"
        >
          <Button className="mt-4" onClick={() => void refetch()} disabled={isFetching}>
            {STATS_TEXT.retry}
          </Button>
        </StateCard>
      );
    }
    return <ProgressSkeleton />;
  }
  return <ProgressBlocks stats={stats} />;
}

/**
 * The blocks, the first screenful first: on a visit that opens here, the rest follow in
 * background renders of their own (lib/staged-render.ts), so no render blocks a slow phone long.
 */
function ProgressBlocks({ stats }: { stats: Stats }) {
  const stage = useStagedRender(3);
  return (
    <div className="flex flex-col gap-4">
      <CalendarBlock stats={stats} />
      {stage >= 2 && <ForecastBlock stats={stats} />}
      {stage >= 2 && <RetentionBlock stats={stats} />}
      {stage >= 3 && <ActivityBlock stats={stats} />}
      {stage >= 3 && <CollectionBlock stats={stats} />}
      {stage >= 3 && <MemoryBlock stats={stats} />}
    </div>
  );
}
