/**
 * Pass or fail against a step's limits, and the shape of every measurement result. A null limit
 * is not checked; both null always passes. A value that is not a number (NaN) fails.
 */
import type { StepVerdict } from '../results/verdict';
import type { Extremes } from './extremes';
import type { NumberArray } from './trace';

export interface StepLimits {
  lower: number | null;
  upper: number | null;
}

/** What a measuring step reports: its value in `unit`, and 1 passed / 0 failed. */
export interface Measurement {
  value: number;
  unit: string;
  result: StepVerdict;
  /** The frequency of the reported point, when the value is one point of the trace. */
  freq_Hz?: number;
  /**
   * What the operator should know about the value (a gate narrower than its shape's minimum):
   * the runner shows each and records it with the run. A warning does not change the verdict
   * and does not make the step incomplete.
   */
  warnings?: string[];
}

/** The measurement with `warning` added to its warnings; the same object when there is none. */
export function withWarning<M extends { warnings?: string[] }>(m: M, warning: string | undefined): M {
  return warning === undefined ? m : { ...m, warnings: [...(m.warnings ?? []), warning] };
}

export function judge(value: number, { lower, upper }: StepLimits): StepVerdict {
  if (Number.isNaN(value)) return 0;
  if (upper !== null && value > upper) return 0;
  if (lower !== null && value < lower) return 0;
  return 1;
}

/** Which end of a trace is the bad one when a step has no limits to say so. */
export type WorseEnd = 'high' | 'low';

/**
 * Actions judged point by point (Return Loss, SWR, Attenuation, Isolation, Rejection, Group
 * Delay): every point of the band must lie within the limits, which is the same as judging the
 * band's max against the upper and its min against the lower limit. The value reported is the
 * point that decides: the one closest to (or furthest beyond) a limit; with only an upper limit
 * the max, with only a lower one the min, with none the `worse` end.
 */
export function judgeEveryPoint(
  freqs_Hz: NumberArray,
  ext: Extremes,
  limits: StepLimits,
  unit: string,
  worse: WorseEnd,
): Measurement {
  const upperMargin = limits.upper === null ? Infinity : limits.upper - ext.max;
  const lowerMargin = limits.lower === null ? Infinity : ext.min - limits.lower;
  const useMax =
    upperMargin === Infinity && lowerMargin === Infinity ? worse === 'high' : upperMargin <= lowerMargin;
  const index = useMax ? ext.maxIndex : ext.minIndex;
  const pass =
    judge(ext.max, { lower: null, upper: limits.upper }) &&
    judge(ext.min, { lower: limits.lower, upper: null });
  return {
    value: useMax ? ext.max : ext.min,
    unit,
    result: pass ? 1 : 0,
    freq_Hz: freqs_Hz[index] as number,
  };
}
