import { useId } from 'react';

export interface Bar {
  key: string;
  /** What the bar stands for, in words: its tooltip and its row in the hidden table. */
  label: string;
  value: number;
}

/**
 * A small bar chart in SVG: bars scale to the largest value, which is written at the top, with
 * the first and last bars' labels below. The bars are drawn for the eye only; a screen reader
 * reads the same figures from a table (the block's one-line answer says what they mean).
 */
export function BarChart({
  bars,
  caption,
  valueHeader,
  firstLabel,
  lastLabel,
  height = 96,
}: {
  bars: Bar[];
  caption: string;
  valueHeader: string;
  firstLabel?: string;
  lastLabel?: string;
  height?: number;
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = bars.length * 10;
  return (
    <figure className="space-y-1" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="sr-only">
        {caption}
      </figcaption>
      <div className="flex items-start gap-2" aria-hidden="true">
        <span className="w-8 shrink-0 text-end text-xs text-muted-foreground tabular-nums">
          {max}
        </span>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          className="h-24 w-full overflow-visible border-b border-border"
        >
          {bars.map((bar, i) => {
            const h = (bar.value / max) * height;
            return (
              <rect
                key={bar.key}
                x={i * 10 + 1.5}
                y={height - h}
                width={7}
                height={h}
                rx={1.5}
                className="fill-primary"
              >
                <title>{`${bar.label}: ${bar.value}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {(firstLabel || lastLabel) && (
        <div
          className="ms-10 flex justify-between text-xs text-muted-foreground"
          aria-hidden="true"
        >
          <span>{firstLabel}</span>
          <span>{lastLabel}</span>
        </div>
      )}
      <table className="sr-only">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{bar.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Labelled horizontal bars with their counts written beside them: a distribution in words. */
export function CountBars({
  rows,
  label,
}: {
  rows: { label: string; value: number }[];
  label: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <dl aria-label={label} className="space-y-1.5">
      {rows.map((row) => (
        <div
          key={row.label}
          className="grid grid-cols-[7.5rem_1fr_3rem] items-center gap-2 text-sm"
        >
          <dt className="truncate text-muted-foreground">{row.label}</dt>
          <dd className="h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${(row.value / max) * 100}%` }}
            />
          </dd>
          <dd className="text-end tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
