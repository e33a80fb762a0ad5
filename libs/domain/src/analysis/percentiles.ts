/**
 * Percentiles by the nearest-rank rule (docs/requirements/measurement-analytics.md#trace-bands; docs/measurements.md, "Trace band"): the p-th
 * percentile of n sorted values is the value of rank ⌈p/100 · n⌉ (at least rank 1). It is always
 * one of the values, so a band never shows a level no unit measured.
 */

/** The rank (1-based) of the p-th percentile among n values; n ≥ 1, 0 ≤ p ≤ 100. */
export function nearestRank(p: number, n: number): number {
  return Math.min(n, Math.max(1, Math.ceil((p / 100) * n - 1e-9)));
}

/** The p-th percentile of values sorted ascending; NaN for none. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0 ? NaN : sorted[nearestRank(p, sorted.length) - 1]!;
}
