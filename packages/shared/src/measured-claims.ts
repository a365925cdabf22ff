/**
 * The landing page's learning claims, stated as what the scheduling benchmark measured on simulated
 * learners at the app's default setting (per-state retention λ 0.5 over a five-year horizon,
 * graded evidence; docs/scheduling-benchmark.md, bench/results/srs-full.json from `npm run bench:srs -- --full`).
 * The lowest figure across the three simulated worlds is the one claimed, rounded down.
 */
export interface MeasuredClaim {
  value: string;
  label: string;
}

export const MEASURED_CLAIMS: readonly MeasuredClaim[] = [
  { value: '90%+', label: 'of first-week words recalled on day 30, in simulation' },
  {
    value: '84%',
    label: 'of a 1,000-word list known on an average day of year one, in simulation',
  },
  { value: '100%', label: 'free' },
];

/** The method and full figures: docs/scheduling-benchmark.md as a page of the web app. */
export const MEASUREMENT_METHOD_URL = '/how-we-measured';
