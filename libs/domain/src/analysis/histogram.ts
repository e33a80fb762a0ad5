/**
 * The capability histogram's bins (docs/measurements.md, "Capability", "The histogram from the
 * slots"): equal widths on a grid of powers of two aligned at zero, spanning the values and the
 * limits together, so the LSL and USL lines always fall on the chart.
 *
 * Why that grid: a bin is [k·w, (k+1)·w) with w a power of two, so x / w and k · w are exact in
 * floating point, and a bin of width w lies inside one bin of any wider power of two (k becomes
 * ⌊k·w / W⌋). A quarter hour of a step keeps its values' counts per bin of its own fine width
 * (run_step_slot, migration 1763860400000), fixed by its own minimum and maximum; the range's
 * histogram coarsens every slot's bins to one width and adds them, so its counts are exact and
 * the same for any split of the values into slots.
 */
import type { SpecLimits } from './capability';

export interface HistogramBin {
  /** Inclusive lower edge; the upper edge is exclusive. */
  from: number;
  to: number;
  count: number;
}

/** The histogram's bins: `bins` of `width` from first · width (a bin's index is ⌊x / width⌋ − first). */
export interface HistogramGrid {
  width: number;
  first: number;
  bins: number;
}

/** Values' counts per bin of a fine width (a slot's, or an edge of a range read value by value). */
export interface FineBins {
  width: number;
  /** Bin index ⌊x / width⌋ → count. */
  counts: ReadonlyMap<number, number>;
}

/** The largest power of two not above x (0 for x ≤ 0), exactly: the logarithm is only a guess. */
export function pow2Floor(x: number): number {
  if (!(x > 0)) return 0;
  let p = 2 ** Math.floor(Math.log2(x));
  if (p > x) p /= 2;
  else if (p <= x / 2) p *= 2;
  return p;
}

/**
 * The bin ⌊x / width⌋ of x (width a power of two), exact: a value smaller than the width is not
 * divided, as its quotient can underflow to −0 (−5e-324 fell in the bin above 0) and PostgreSQL
 * refuses it. The SQL function step_bin (migration 1763860400000) is the same arithmetic.
 */
export const binIndex = (x: number, width: number): number =>
  Math.abs(x) >= width ? Math.floor(x / width) : x < 0 ? -1 : 0;

/** At least 64 fine bins across a slot's values (so the range's bins are never coarser than needed). */
const FINE_PER_HALF_SPREAD = 32;
/** A fine bin is at least 2⁻⁴⁰ of the values' magnitude (equal values, or a spread of a few ulps). */
const FINE_OF_MAGNITUDE = 2 ** -40;
/** Below every width: no step of the SQL twin underflows (PostgreSQL refuses an underflow). */
const TINY = 2 ** -960;

/**
 * The fine bin width of values from `min` to `max`: a power of two, growing with the spread and
 * the magnitude, so a range's width is never below any of its slots', at least 2⁻¹⁰⁰⁰, and at
 * least 2⁻⁴¹ of the largest value, so ⌊x / width⌋ stays an exact integer. Halves first, so the
 * spread of two huge values of either sign cannot overflow. The SQL function step_bin_width
 * (migration 1763860400000) is the same arithmetic.
 */
export function fineBinWidth(lowest: number, highest: number): number {
  // extremes below TINY count as 0: the SQL twin cannot halve a subnormal (an underflow)
  const [min, max] = [lowest, highest].map((x) => (Math.abs(x) < TINY ? 0 : x)) as [number, number];
  return Math.max(
    pow2Floor(Math.max(max / 2 - min / 2, TINY) / FINE_PER_HALF_SPREAD),
    Math.max(pow2Floor(Math.max(Math.abs(min), Math.abs(max))), TINY) * FINE_OF_MAGNITUDE,
  );
}

/**
 * The grid of a range's histogram: the fine width of its values doubled until the values and the
 * limits fit in the square-root number of bins (between 5 and 60); null for no values.
 */
export function histogramGrid(min: number, max: number, n: number, limits: SpecLimits): HistogramGrid | null {
  if (n === 0) return null;
  let lo = min;
  let hi = max;
  for (const limit of [limits.lower, limits.upper]) {
    if (limit !== null && Number.isFinite(limit)) {
      lo = Math.min(lo, limit);
      hi = Math.max(hi, limit);
    }
  }
  const target = Math.min(60, Math.max(5, Math.ceil(Math.sqrt(n))));
  const fine = fineBinWidth(min, max);
  // start near the answer (the logarithm's guess, one below), then double until it fits
  let width = Math.max(fine, pow2Floor((hi - lo) / target) / 2);
  const count = (w: number) => binIndex(hi, w) - binIndex(lo, w) + 1;
  while (count(width) > target) width *= 2;
  return { width, first: binIndex(lo, width), bins: count(width) };
}

function extremes(values: readonly number[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const x of values) {
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { min, max };
}

/** The fine bins of `values`, at the width of their own extremes. */
export function fineBins(values: readonly number[]): FineBins {
  const { min, max } = extremes(values);
  const width = fineBinWidth(min, max);
  const counts = new Map<number, number>();
  for (const x of values) {
    const k = binIndex(x, width);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return { width, counts };
}

/** The bin of `grid` that fine bin k of width w falls in (w a power of two not above grid.width). */
export const coarseBin = (grid: HistogramGrid, k: number, w: number): number =>
  binIndex(k * w, grid.width) - grid.first;

/** Fine bins added onto `counts` (one per bin of `grid`). */
export function addFineBins(grid: HistogramGrid, counts: number[], parts: readonly FineBins[]): number[] {
  for (const { width, counts: fine } of parts)
    for (const [k, c] of fine) counts[coarseBin(grid, k, width)]! += c;
  return counts;
}

/** The bins of a grid with their counts. */
export function histogramOf(grid: HistogramGrid, counts: readonly number[]): HistogramBin[] {
  return Array.from({ length: grid.bins }, (_, i) => ({
    from: (grid.first + i) * grid.width,
    to: (grid.first + i + 1) * grid.width,
    count: counts[i] ?? 0,
  }));
}

/** The histogram of `values` row by row: what the merged slots must equal. */
export function histogram(values: readonly number[], limits: SpecLimits): HistogramBin[] {
  if (values.length === 0) return [];
  const { min, max } = extremes(values);
  const grid = histogramGrid(min, max, values.length, limits)!;
  return histogramOf(grid, addFineBins(grid, new Array<number>(grid.bins).fill(0), [fineBins(values)]));
}
