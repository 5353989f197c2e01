// Pure statistics over samples: the median of runs and latency percentiles.

/** Sorted copy, ascending. */
function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * The p-th percentile (0..100) by the nearest-rank method: the smallest sample such that at
 * least p% of the samples are at or below it. NaN for no samples.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be within 0..100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const ordered = sorted(values);
  if (p === 0) return ordered[0]!;
  const rank = Math.ceil((p / 100) * ordered.length);
  return ordered[Math.min(rank, ordered.length) - 1]!;
}

/** The median: the middle sample, or the mean of the two middle samples. NaN for no samples. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const ordered = sorted(values);
  const mid = ordered.length >> 1;
  return ordered.length % 2 === 1 ? ordered[mid]! : (ordered[mid - 1]! + ordered[mid]!) / 2;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function summarizeLatencies(values: readonly number[]): LatencySummary {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length === 0 ? Number.NaN : values.reduce((a, b) => (b > a ? b : a), -Infinity),
  };
}

/** a / b, or NaN when either side is missing or b is zero. */
export function ratio(a: number, b: number): number {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return Number.NaN;
  return a / b;
}
