/**
 * Sums that stay exact for data with a large offset and a small spread (docs/requirements/measurement-analytics.md#numerical-care: two passes, never a one-pass sum of squares). Every value is first taken relative
 * to the first one: for values near 1e7 that differ by 0.1 the differences are exact in floating
 * point, so the mean and the squares that follow are computed on numbers of the spread's size.
 */

/** The arithmetic mean; NaN for no values. */
export function mean(values: readonly number[]): number {
  const { origin, offset } = meanAboutFirst(values);
  return origin + offset;
}

/** The mean as the first value and the mean's offset from it (NaN for no values). */
export function meanAboutFirst(values: readonly number[]): { origin: number; offset: number } {
  if (values.length === 0) return { origin: NaN, offset: NaN };
  const origin = values[0]!;
  let sum = 0;
  for (const x of values) sum += x - origin;
  return { origin, offset: sum / values.length };
}

/**
 * Deviations smaller than this square to 0, in the row-wise figures, the merged statistics
 * (slot-statistics.ts) and their SQL twins (JS_DOUBLES of the API's sql-doubles.ts): PostgreSQL
 * refuses a square that underflows to 0 where JavaScript gives 0, and a square below 1e-300 would
 * be a subnormal, which keeps only a few digits in any order of summing.
 */
export const NEGLIGIBLE_DEVIATION = 1e-150;

/** d², or 0 for a deviation below NEGLIGIBLE_DEVIATION. */
export const squareOfDeviation = (d: number) => (Math.abs(d) < NEGLIGIBLE_DEVIATION ? 0 : d * d);

/** The sample standard deviation (n − 1), in two passes about the first value; NaN for n < 2. */
export function sampleStdDev(values: readonly number[]): number {
  const n = values.length;
  if (n < 2) return NaN;
  const origin = values[0]!;
  let sum = 0;
  for (const x of values) sum += x - origin;
  const shiftedMean = sum / n;
  let squares = 0;
  let residue = 0;
  for (const x of values) {
    const d = x - origin - shiftedMean;
    squares += squareOfDeviation(d);
    residue += d;
  }
  // the corrected two-pass form (Chan, Golub, LeVeque): removes what rounding left in the mean
  return Math.sqrt((squares - squareOfDeviation(residue) / n) / (n - 1));
}

/** |x(i) − x(i−1)| for consecutive values, in the order given (one fewer than the values). */
export function movingRanges(values: readonly number[]): number[] {
  const ranges: number[] = [];
  for (let i = 1; i < values.length; i++) ranges.push(Math.abs(values[i]! - values[i - 1]!));
  return ranges;
}

/** d2 for subgroups of 2 (AIAG SPC manual, appendix): σ within = MR̄ / d2. */
export const D2 = 1.128;

/** σ within from the mean moving range; NaN for fewer than 2 values. */
export function sigmaWithin(values: readonly number[]): number {
  return values.length < 2 ? NaN : mean(movingRanges(values)) / D2;
}
