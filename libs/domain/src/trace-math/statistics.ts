/**
 * The statistics a step reports over its band (max, min, variation, cross-window variation,
 * average, every point), for a quantity that is a linear function of the trace values:
 * q = offset + sign·value. Insertion loss is q = −LogMag, gain q = LogMag, rejection
 * q = Ref − LogMag. Working on the raw values keeps each measurement one pass with no copies.
 */
import type { IndexRange } from './band';
import type { Extremes } from './extremes';
import { extremes, mean, slidingVariation } from './extremes';
import type { StepLimits, Measurement, WorseEnd } from './judge';
import { judge, judgeEveryPoint } from './judge';
import type { FormattedTrace } from './trace';

export interface Quantity {
  sign: 1 | -1;
  offset: number;
  unit: string;
}

export interface VariationMeasurement extends Measurement {
  /** Where the quantity is largest and smallest. */
  maxFreq_Hz: number;
  minFreq_Hz: number;
}

export interface WindowMeasurement extends VariationMeasurement {
  /** First and last measured frequency of the worst window. */
  windowStart_Hz: number;
  windowStop_Hz: number;
}

export interface AverageMeasurement extends Measurement {
  points: number;
}

/** Extremes of the quantity: with sign −1 the trace's min is the quantity's max. */
export function quantityExtremes(trace: FormattedTrace, band: IndexRange, q: Quantity): Extremes {
  const e = extremes(trace.values, band);
  return q.sign === 1
    ? { max: q.offset + e.max, maxIndex: e.maxIndex, min: q.offset + e.min, minIndex: e.minIndex }
    : { max: q.offset - e.min, maxIndex: e.minIndex, min: q.offset - e.max, minIndex: e.maxIndex };
}

const at = (trace: FormattedTrace, i: number): number => trace.freqs_Hz[i] as number;

/** What every statistic takes: the trace, the step's band, the quantity and the step's limits. */
export type Statistic<M extends Measurement> = (
  trace: FormattedTrace,
  band: IndexRange,
  q: Quantity,
  limits: StepLimits,
) => M;

/** The quantity's largest or smallest value, judged, at the frequency where it stands. */
function measureEnd(end: 'max' | 'min'): Statistic<Measurement> {
  return (trace, band, q, limits) => {
    const e = quantityExtremes(trace, band, q);
    const [value, index] = end === 'max' ? [e.max, e.maxIndex] : [e.min, e.minIndex];
    return { value, unit: q.unit, result: judge(value, limits), freq_Hz: at(trace, index) };
  };
}

export const measureMax = measureEnd('max');
export const measureMin = measureEnd('min');

/** max − min over the band (the same for q and −q). */
export function measureVariation(
  trace: FormattedTrace,
  band: IndexRange,
  q: Quantity,
  limits: StepLimits,
): VariationMeasurement {
  const e = quantityExtremes(trace, band, q);
  const value = e.max - e.min;
  return {
    value,
    unit: q.unit,
    result: judge(value, limits),
    maxFreq_Hz: at(trace, e.maxIndex),
    minFreq_Hz: at(trace, e.minIndex),
  };
}

/** The worst max − min of any window of `width_Hz` inside the band (extremes.ts). */
export function measureCrossVariation(
  trace: FormattedTrace,
  band: IndexRange,
  width_Hz: number,
  q: Quantity,
  limits: StepLimits,
): WindowMeasurement {
  const w = slidingVariation(trace.freqs_Hz, trace.values, band, width_Hz);
  const e = quantityExtremes(trace, w, q);
  return {
    value: w.variation,
    unit: q.unit,
    result: judge(w.variation, limits),
    maxFreq_Hz: at(trace, e.maxIndex),
    minFreq_Hz: at(trace, e.minIndex),
    windowStart_Hz: at(trace, w.from),
    windowStop_Hz: at(trace, w.to - 1),
  };
}

export function measureAverage(
  trace: FormattedTrace,
  band: IndexRange,
  q: Quantity,
  limits: StepLimits,
): AverageMeasurement {
  const value = q.offset + q.sign * mean(trace.values, band);
  return { value, unit: q.unit, result: judge(value, limits), points: band.to - band.from };
}

/** Every point within the limits; reports the deciding point (judge.ts). */
export function measureEveryPoint(
  trace: FormattedTrace,
  band: IndexRange,
  q: Quantity,
  limits: StepLimits,
  worse: WorseEnd,
): Measurement {
  return judgeEveryPoint(trace.freqs_Hz, quantityExtremes(trace, band, q), limits, q.unit, worse);
}
