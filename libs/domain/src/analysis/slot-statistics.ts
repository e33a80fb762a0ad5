/**
 * Capability from merged statistics (docs/measurements.md, "Capability from merged statistics"):
 * a step's values of one quarter hour kept as a few numbers, merged over any range into the same
 * figures as the row-wise computation (capability.ts) to 1e-12 relative, so capability over a
 * range costs its quarter hours, not its runs.
 *
 * Values like 10000000.1 with a spread of 0.1 must stay exact (DESIGN.md, "Measurement
 * analytics"): a mean near 1e7 kept as one double carries a rounding of 1e-9, which Welford's
 * updates would pass on to every deviation (1e-8 relative of a spread of 0.1). So the mean is kept
 * about the slot's first value (`first + meanOffset`): differences of close values are exact, and
 * the offset is a number of the spread's size. The sum of squared deviations merges by Chan,
 * Golub and LeVeque's parallel formula, whose terms are all positive.
 */
import { capabilityOf, isOutside, type CapabilityFigures, type SpecLimits } from './capability';
import { D2, squareOfDeviation as square } from './sums';

/** One step's values of one slot (or of merged slots), in time order. */
export interface SlotStatistics {
  n: number;
  /** The first and last value in time order: the moving range across slots, and the mean's origin. */
  first: number;
  last: number;
  /** x̄ − first. */
  meanOffset: number;
  /** Σ (x − x̄)². */
  m2: number;
  /** Σ |x(i) − x(i−1)| over consecutive values. */
  mrSum: number;
  min: number;
  max: number;
}

/** The statistics of `values` (in time order, at least one) in two passes about the first value. */
export function slotStatistics(values: readonly number[]): SlotStatistics {
  const n = values.length;
  const first = values[0]!;
  let sum = 0;
  let mrSum = 0;
  let min = first;
  let max = first;
  values.forEach((x, i) => {
    sum += x - first;
    if (i > 0) mrSum += Math.abs(x - values[i - 1]!);
    if (x < min) min = x;
    if (x > max) max = x;
  });
  const meanOffset = sum / n;
  let squares = 0;
  let residue = 0;
  for (const x of values) {
    const d = x - first - meanOffset;
    squares += square(d);
    residue += d;
  }
  // the corrected two-pass form, as sampleStdDev (sums.ts)
  const m2 = Math.max(0, squares - square(residue) / n);
  return { n, first, last: values[n - 1]!, meanOffset, m2, mrSum, min, max };
}

/**
 * `a` and `b` as one, every value of `a` before every value of `b` (Chan et al.'s merge): also the
 * upload's step, an insert's own statistics merged after its slot's (migration 1763860100000
 * mirrors it in SQL).
 */
export function mergeSlots(a: SlotStatistics, b: SlotStatistics): SlotStatistics {
  const n = a.n + b.n;
  // x̄b − x̄a: first values close together subtract exactly, the offsets are of the spread's size
  const delta = b.first - a.first + (b.meanOffset - a.meanOffset);
  return {
    n,
    first: a.first,
    last: b.last,
    meanOffset: a.meanOffset + (delta * b.n) / n,
    m2: a.m2 + b.m2 + (square(delta) * a.n * b.n) / n,
    mrSum: a.mrSum + b.mrSum + Math.abs(b.first - a.last),
    min: Math.min(a.min, b.min),
    max: Math.max(a.max, b.max),
  };
}

/** The slots (in time order) merged; null for none. */
export function mergeAll(slots: readonly SlotStatistics[]): SlotStatistics | null {
  return slots.length === 0 ? null : slots.reduce(mergeSlots);
}

/**
 * How many of a slot's values fall outside the limits when its minimum and maximum tell (all
 * inside, or all beyond one limit); null when only its values can (the caller reads them).
 */
export function slotOutside(
  slot: Pick<SlotStatistics, 'n' | 'min' | 'max'>,
  limits: SpecLimits,
): number | null {
  if (!isOutside(slot.min, limits) && !isOutside(slot.max, limits)) return 0;
  const beyond = (x: number | null, below: boolean) =>
    x !== null && Number.isFinite(x) && (below ? slot.max < x : slot.min > x);
  return beyond(limits.lower, true) || beyond(limits.upper, false) ? slot.n : null;
}

/** The capability figures of merged statistics, `outside` of their values beyond the limits. */
export function capabilityOfStatistics(
  merged: SlotStatistics | null,
  limits: SpecLimits,
  outside: number,
): CapabilityFigures {
  const n = merged?.n ?? 0;
  return capabilityOf(
    {
      n,
      origin: merged ? merged.first : NaN,
      meanOffset: merged ? merged.meanOffset : NaN,
      sigmaOverall: merged && n >= 2 ? Math.sqrt(merged.m2 / (n - 1)) : NaN,
      sigmaWithin: merged && n >= 2 ? merged.mrSum / (n - 1) / D2 : NaN,
      outside,
    },
    limits,
  );
}
