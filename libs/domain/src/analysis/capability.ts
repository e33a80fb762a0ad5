/**
 * Process capability of one step (docs/requirements/measurement-analytics.md#capability; docs/measurements.md,
 * "Capability", with the AIAG SPC manual's definitions): Cp/Cpk from σ within (MR̄ / d2 of
 * consecutive runs in time order), Pp/Ppk from σ overall (the sample standard deviation).
 */
import { normalCdf, normalUpperTail } from './normal';
import { meanAboutFirst, sampleStdDev, sigmaWithin } from './sums';

/** The spec limits; null is a side that is not checked. */
export interface SpecLimits {
  lower: number | null;
  upper: number | null;
}

export const CAPABILITY_REASONS = {
  tooFew: 'Fewer than 2 values: capability needs at least 2',
  zeroSpread: 'Zero spread: every value is the same, so the indices are not defined',
  noLimits: 'The step has no limits, so there is nothing to be capable against',
} as const;

export interface CapabilityFigures {
  n: number;
  /** null for no values. */
  mean: number | null;
  /** The sample standard deviation (n − 1); null for fewer than 2 values. */
  sigmaOverall: number | null;
  /** MR̄ / 1.128; null for fewer than 2 values. */
  sigmaWithin: number | null;
  /** null with one limit, or when `reason` says why there are no indices. */
  cp: number | null;
  cpk: number | null;
  pp: number | null;
  ppk: number | null;
  /** Values outside the limits, in percent of n (a value on a limit passes); null without limits or values. */
  observedPercentOut: number | null;
  /** Expected parts per million outside the limits from the normal fit (mean, σ overall). */
  expectedPpm: number | null;
  /** Why the indices are not numbers (fewer than 2 values, zero spread, no limits); null when they are. */
  reason: string | null;
}

const hasLimit = (x: number | null): x is number => x !== null && Number.isFinite(x);

/** A limit's distance above the mean (negative below it). */
type FromCentre = (limit: number) => number;

/** Cp-like and Cpk-like indices for one σ; a one-sided limit gives only the k index. */
function indices(limits: SpecLimits, fromCentre: FromCentre, sigma: number): { p: number | null; k: number } {
  const upper = hasLimit(limits.upper) ? fromCentre(limits.upper) / (3 * sigma) : Infinity;
  const lower = hasLimit(limits.lower) ? -fromCentre(limits.lower) / (3 * sigma) : Infinity;
  const p =
    hasLimit(limits.upper) && hasLimit(limits.lower) ? (limits.upper - limits.lower) / (6 * sigma) : null;
  return { p, k: Math.min(upper, lower) };
}

/** Whether a value falls outside the limits (a value on a limit passes). */
export const isOutside = (x: number, limits: SpecLimits): boolean =>
  (hasLimit(limits.lower) && x < limits.lower) || (hasLimit(limits.upper) && x > limits.upper);

/** How many of `values` fall outside the limits (a value on a limit passes). */
export function countOutside(values: readonly number[], limits: SpecLimits): number {
  let out = 0;
  for (const x of values) if (isOutside(x, limits)) out++;
  return out;
}

/** PPM beyond the limits of a normal distribution with this mean and σ. */
function expectedPpm(limits: SpecLimits, fromCentre: FromCentre, sigma: number): number {
  const below = hasLimit(limits.lower) ? normalCdf(fromCentre(limits.lower) / sigma) : 0;
  const above = hasLimit(limits.upper) ? normalUpperTail(fromCentre(limits.upper) / sigma) : 0;
  return 1e6 * (below + above);
}

/**
 * What the figures are made of: n, x̄, s, σ within and the count outside the limits, whether
 * taken row by row (capability) or merged from quarter-hour statistics (slot-statistics.ts).
 */
export interface CapabilitySummary {
  n: number;
  /**
   * The mean as `origin + meanOffset`: the first value and the mean about it (NaN for no values).
   * The indices take a limit's distance as (limit − origin) − meanOffset, so two summaries of one
   * series whose offsets differ in their last bits (row by row, or merged from slots) give the
   * same indices, where their means alone may round to neighbouring doubles (an ulp of 1e7 is
   * 1.9e-9, a millionth of a spread of 0.001).
   */
  origin: number;
  meanOffset: number;
  /** NaN for fewer than 2 values. */
  sigmaOverall: number;
  sigmaWithin: number;
  outside: number;
}

function centreOf(values: readonly number[]): { origin: number; meanOffset: number } {
  const { origin, offset } = meanAboutFirst(values);
  return { origin, meanOffset: offset };
}

/** The capability figures of `values` (in time order: σ within depends on it) against `limits`. */
export function capability(values: readonly number[], limits: SpecLimits): CapabilityFigures {
  const n = values.length;
  return capabilityOf(
    {
      n,
      ...centreOf(values),
      sigmaOverall: sampleStdDev(values),
      sigmaWithin: sigmaWithin(values),
      outside: countOutside(values, limits),
    },
    limits,
  );
}

/** The capability figures of a summary against `limits`. */
export function capabilityOf(summary: CapabilitySummary, limits: SpecLimits): CapabilityFigures {
  const { n } = summary;
  const limited = hasLimit(limits.lower) || hasLimit(limits.upper);
  const figures: CapabilityFigures = {
    n,
    mean: n > 0 ? summary.origin + summary.meanOffset : null,
    sigmaOverall: n >= 2 ? summary.sigmaOverall : null,
    sigmaWithin: n >= 2 ? summary.sigmaWithin : null,
    cp: null,
    cpk: null,
    pp: null,
    ppk: null,
    observedPercentOut: limited && n > 0 ? (100 * summary.outside) / n : null,
    expectedPpm: null,
    reason: null,
  };
  if (n < 2) return { ...figures, reason: CAPABILITY_REASONS.tooFew };
  if (figures.sigmaOverall === 0) return { ...figures, reason: CAPABILITY_REASONS.zeroSpread };
  if (!limited) return { ...figures, reason: CAPABILITY_REASONS.noLimits };
  const fromCentre: FromCentre = (limit) => limit - summary.origin - summary.meanOffset;
  const within = indices(limits, fromCentre, figures.sigmaWithin!);
  const overall = indices(limits, fromCentre, figures.sigmaOverall!);
  return {
    ...figures,
    cp: within.p,
    cpk: within.k,
    pp: overall.p,
    ppk: overall.k,
    expectedPpm: expectedPpm(limits, fromCentre, figures.sigmaOverall!),
  };
}
