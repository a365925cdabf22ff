import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import {
  dayCellLabel,
  pluralForm,
  STATS_LIMITS,
  STATS_TEXT,
  UNITS,
  type StatsDay,
} from '@verba/shared';
import { cn } from '@/lib/cn';
import { calendarColumns, firstDayOfWeek } from '../utils/calendar-grid';

/** A single-hue ramp from the card's muted tone to the full brand colour: light and dark alike. */
const LEVEL_CLASSES = [
  'bg-muted',
  'bg-primary/25',
  'bg-primary/50',
  'bg-primary/75',
  'bg-primary',
] as const;

function dayDetail(day: StatsDay | undefined, date: string): string {
  if (!day || (day.reviews === 0 && day.minutes === 0)) return dayCellLabel(date, 0);
  const parts = [dayCellLabel(date, day.reviews)];
  if (day.reviews > 0) parts.push(`${day.correct} right`);
  parts.push(`${day.minutes} ${pluralForm(day.minutes, UNITS.minute)} of study`);
  return parts.join(' · ');
}

/** The day of the button an event reached, if any. */
const dayOf = (event: { target: EventTarget }) =>
  event.target instanceof HTMLElement
    ? (event.target.closest<HTMLElement>('[data-day]')?.dataset.day ?? null)
    : null;

const STEPS: Record<string, number> = { ArrowUp: -1, ArrowDown: 1, ArrowLeft: -7, ArrowRight: 7 };

/**
 * The last 365 days as a calendar: weeks in columns, each day a button named by its reviews;
 * tapping one (or moving with the arrow keys) shows its reviews and study minutes below. One
 * day is in the tab order at a time. The grid listens for taps and keys once, for all its days,
 * so its first render stays short on a slow phone.
 */
export function CalendarHeatmap({ today, days }: { today: string; days: StatsDay[] }) {
  const byDay = useMemo(() => new Map(days.map((d) => [d.day, d])), [days]);
  const columns = useMemo(
    () =>
      calendarColumns(
        today,
        STATS_LIMITS.heatmapDays,
        new Map(days.map((d) => [d.day, d.reviews])),
        firstDayOfWeek(navigator.language),
      ).map((column) =>
        column.map((cell) => cell && { ...cell, label: dayCellLabel(cell.day, cell.reviews) }),
      ),
    [today, days],
  );
  const order = useMemo(() => columns.flat().flatMap((c) => (c ? [c.day] : [])), [columns]);
  const [selected, setSelected] = useState(today);
  const scroller = useRef<HTMLDivElement>(null);

  // On a phone the year is wider than the screen: start at today's end.
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollLeft = el.scrollWidth;
  }, []);

  const choose = (event: MouseEvent) => {
    const day = dayOf(event);
    if (day) setSelected(day);
  };
  const move = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    const day = dayOf(event);
    if (step === undefined || !day) return;
    event.preventDefault();
    const next = order[Math.min(order.length - 1, Math.max(0, order.indexOf(day) + step))];
    if (!next) return;
    setSelected(next);
    scroller.current?.querySelector<HTMLElement>(`[data-day="${next}"]`)?.focus();
  };

  return (
    <div className="space-y-3">
      <div ref={scroller} className="overflow-x-auto pb-1">
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the days are buttons; the grid hears their taps and keys */}
        <div
          role="group"
          aria-label={STATS_TEXT.calendar}
          className="flex w-max gap-[3px]"
          onClick={choose}
          onKeyDown={move}
        >
          {columns.map((column, c) => (
            <div key={c} className="flex flex-col gap-[3px]">
              {column.map((cell, r) =>
                cell ? (
                  <button
                    key={cell.day}
                    data-day={cell.day}
                    type="button"
                    aria-label={cell.label}
                    aria-pressed={selected === cell.day}
                    aria-current={cell.day === today ? 'date' : undefined}
                    tabIndex={selected === cell.day ? 0 : -1}
                    title={cell.label}
                    className={cn(
                      'size-3 rounded-[3px] outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      LEVEL_CLASSES[cell.level],
                      cell.day === today && 'ring-2 ring-foreground ring-offset-1 ring-offset-card',
                      selected === cell.day && cell.day !== today && 'ring-2 ring-ring',
                    )}
                  />
                ) : (
                  <span key={`empty-${r}`} className="size-3" aria-hidden="true" />
                ),
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{STATS_TEXT.dayDetailHint}</span>
        <span className="flex items-center gap-1" aria-hidden="true">
          {STATS_TEXT.less}
          {LEVEL_CLASSES.map((c) => (
            <span key={c} className={cn('size-3 rounded-[3px]', c)} />
          ))}
          {STATS_TEXT.more}
        </span>
      </div>
      <p aria-live="polite" className="text-sm font-medium" data-testid="calendar-day-detail">
        {dayDetail(byDay.get(selected), selected)}
      </p>
    </div>
  );
}
