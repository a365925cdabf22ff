/**
 * The landing page's learning claims, stated as what the scheduling benchmark measured
 * (docs/scheduling-benchmark.md). Regenerate with `npm run bench:srs`.
 */
export interface MeasuredClaim {
  value: string;
  label: string;
}

export const MEASURED_CLAIMS: readonly MeasuredClaim[] = [
  { value: '70%+', label: 'retention after 30 days' },
  { value: '3x', label: 'faster learning' },
  { value: '100%', label: 'free' },
];

/** The method and full figures; the web build serves docs/scheduling-benchmark.md at this path. */
export const MEASUREMENT_METHOD_URL = '/docs/scheduling-benchmark.md';
