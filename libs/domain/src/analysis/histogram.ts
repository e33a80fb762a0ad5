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

/** The bins' span and count, from the values' extremes and count: the API counts in SQL by binOf's rule. */
export interface HistogramFrame {
  lo: number;
  hi: number;
  bins: number;
  /** 0 when every value and limit is one number (one bin). */
  width: number;
}

/** Square-root choice of the number of bins, between 5 and 60; null for no values. */
export function histogramFrame(
  min: number,
  max: number,
  n: number,
  limits: SpecLimits,
): HistogramFrame | null {
  if (n === 0) return null;
  let lo = min;
  let hi = max;
  for (const limit of [limits.lower, limits.upper]) {
    if (limit !== null && Number.isFinite(limit)) {
      lo = Math.min(lo, limit);
      hi = Math.max(hi, limit);
    }
  }
  if (hi === lo) return { lo, hi, bins: 1, width: 0 };
  const bins = Math.min(60, Math.max(5, Math.ceil(Math.sqrt(n))));
  return { lo, hi, bins, width: (hi - lo) / bins };
}

/** The bin of a value (the API's SQL says the same: least(bins − 1, floor((x − lo) / width))). */
export const binOf = (frame: HistogramFrame, x: number): number =>
  frame.width === 0 ? 0 : Math.min(frame.bins - 1, Math.floor((x - frame.lo) / frame.width));

/** The bins of a frame with their counts. */
export function histogramOf(frame: HistogramFrame, counts: readonly number[]): HistogramBin[] {
  if (frame.width === 0) return [{ from: frame.lo, to: frame.hi, count: counts[0] ?? 0 }];
  return Array.from({ length: frame.bins }, (_, i) => ({
    from: frame.lo + i * frame.width,
    to: i === frame.bins - 1 ? frame.hi : frame.lo + (i + 1) * frame.width,
    count: counts[i] ?? 0,
  }));
}

export function histogram(values: readonly number[], limits: SpecLimits): HistogramBin[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const x of values) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  const frame = histogramFrame(lo, hi, values.length, limits);
  if (!frame) return [];
  const counts = new Array<number>(frame.bins).fill(0);
  for (const x of values) counts[binOf(frame, x)]!++;
  return histogramOf(frame, counts);
}
