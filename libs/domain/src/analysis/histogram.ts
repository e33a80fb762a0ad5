/**
 * The capability histogram's bins (docs/measurements.md, "Capability"): equal widths over the
 * values and the limits together, so the LSL and USL lines always fall on the chart.
 */
import type { SpecLimits } from './capability';

export interface HistogramBin {
  /** Inclusive lower edge; the last bin includes its upper edge too. */
  from: number;
  to: number;
  count: number;
}

/** Square-root choice of the number of bins, between 5 and 60. */
export function histogram(values: readonly number[], limits: SpecLimits): HistogramBin[] {
  if (values.length === 0) return [];
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of values) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  for (const limit of [limits.lower, limits.upper]) {
    if (limit !== null && Number.isFinite(limit)) {
      lo = Math.min(lo, limit);
      hi = Math.max(hi, limit);
    }
  }
  const bins = Math.min(60, Math.max(5, Math.ceil(Math.sqrt(values.length))));
  if (hi === lo) return [{ from: lo, to: hi, count: values.length }];
  const width = (hi - lo) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const x of values) counts[Math.min(bins - 1, Math.floor((x - lo) / width))]!++;
  return counts.map((count, i) => ({
    from: lo + i * width,
    to: i === bins - 1 ? hi : lo + (i + 1) * width,
    count,
  }));
}
