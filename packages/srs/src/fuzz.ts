/**
 * FSRS's fuzz ranges (as ts-fsrs spreads them): intervals of 2.5 days and more move by up to 15 %,
 * 10 % past 7 days and 5 % past 20, so words learned together do not stay due together.
 */
export function fuzzRange(interval: number): { min: number; max: number } {
  if (interval < 2.5) return { min: interval, max: interval };
  let delta = 1;
  for (const [start, end, factor] of [
    [2.5, 7, 0.15],
    [7, 20, 0.1],
    [20, Infinity, 0.05],
  ] as const) {
    delta += factor * Math.max(Math.min(interval, end) - start, 0);
  }
  const min = Math.max(2, Math.round(interval - delta));
  const max = Math.round(interval + delta);
  return { min, max: Math.max(min, max) };
}

/**
 * An interval spread within its fuzz range by one draw of `random` (uniform in [0, 1)); a range
 * of one day draws nothing.
 */
export function fuzzedInterval(interval: number, random: () => number): number {
  const { min, max } = fuzzRange(interval);
  if (max <= min) return interval;
  return Math.floor(random() * (max - min + 1)) + min;
}
