/**
 * The review calendar's layout: weeks in columns (as in Anki and GitHub), each starting on the
 * learner's first day of the week, the last column ending with today. Days are 'YYYY-MM-DD'.
 */

export interface CalendarCell {
  day: string;
  reviews: number;
  /** 0 (none) to 4 (the busiest days). */
  level: number;
}

const dayNumber = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
};
const dayOf = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
const weekday = (n: number) => ((((n + 3) % 7) + 7) % 7) + 1;

/** The locale's first day of the week (1 Monday … 7 Sunday), Monday when the browser cannot say. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay ?? 1;
  } catch {
    return 1;
  }
}

/** A day's shade: the share of the busiest day's reviews, in four steps. */
export function levelOf(reviews: number, busiest: number): number {
  if (reviews <= 0 || busiest <= 0) return 0;
  return Math.min(4, Math.ceil((reviews / busiest) * 4));
}

/**
 * Columns of seven cells (null before the first day shown), the last one ending today; `days`
 * days in all.
 */
export function calendarColumns(
  today: string,
  days: number,
  reviewsByDay: ReadonlyMap<string, number>,
  weekStart: number,
): (CalendarCell | null)[][] {
  const last = dayNumber(today);
  const first = last - days + 1;
  // Back from the first day to the start of its week.
  const lead = (weekday(first) - weekStart + 7) % 7;
  const busiest = Math.max(0, ...reviewsByDay.values());
  const columns: (CalendarCell | null)[][] = [];
  for (let n = first - lead; n <= last; n += 7) {
    const column: (CalendarCell | null)[] = [];
    for (let i = 0; i < 7; i++) {
      const d = n + i;
      if (d < first || d > last) {
        column.push(null);
        continue;
      }
      const day = dayOf(d);
      const reviews = reviewsByDay.get(day) ?? 0;
      column.push({ day, reviews, level: levelOf(reviews, busiest) });
    }
    columns.push(column);
  }
  return columns;
}
