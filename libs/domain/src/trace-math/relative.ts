/**
 * Rejection and Coupler steps are relative to their depending step (bindStepId): a reference
 * level Ref taken from that step's Log Mag trace over its own band, by default its maximum
 * (the top of the passband, INSTRUMENTS.md section 4) or optionally its average.
 * Rejection(f) = Ref − LogMag(f) and Coupling(f) = Ref − LogMag(f), positive dB: how far the
 * stop band, or the coupled port, lies below the reference. With Ref = 0 dB the coupling is
 * INSTRUMENTS.md's C = −20·log10|S31|; the depending through-path step removes the main line's
 * loss from it.
 */
import { extremes, mean } from './extremes';
import type { Measurement } from './judge';
import type { Quantity, Statistic } from './statistics';
import { measureEveryPoint, measureMax, measureMin, measureVariation } from './statistics';
import type { BandLimits, BandParam } from './step-band';
import { stepBand } from './step-band';
import type { FormattedTrace } from './trace';

export type ReferenceMode = 'max' | 'average';

/** The depending step's measured Log Mag trace and the band its parameters name. */
export interface DependingTrace {
  trace: FormattedTrace;
  param: BandParam;
}

export function referenceLevel(dep: DependingTrace, mode: ReferenceMode = 'max'): number {
  const band = stepBand(dep.trace, dep.param);
  return mode === 'max' ? extremes(dep.trace.values, band).max : mean(dep.trace.values, band);
}

export interface RelativeMeasurement extends Measurement {
  /** The reference level Ref, LogMag dB of the depending step. */
  ref_dB: number;
}

const below = (ref_dB: number): Quantity => ({ sign: -1, offset: ref_dB, unit: 'dB' });

/** A relative step's signature: its own trace and band, and the depending step's trace. */
export type RelativeStep<M extends Measurement> = (
  t: FormattedTrace,
  p: BandLimits,
  dep: DependingTrace,
  mode?: ReferenceMode,
) => M & RelativeMeasurement;

/** The step measuring `statistic` of Ref − LogMag over its band, reporting the Ref it used. */
function relativeStep<M extends Measurement>(statistic: Statistic<M>): RelativeStep<M> {
  return (t, p, dep, mode) => {
    const ref_dB = referenceLevel(dep, mode);
    return { ...statistic(t, stepBand(t, p), below(ref_dB), p), ref_dB };
  };
}

/** Rejection at every point of the band; unlimited: the least rejection is shown. */
export const rejection = relativeStep((t, band, q, limits) => measureEveryPoint(t, band, q, limits, 'low'));
export const couplerMax = relativeStep(measureMax);
export const couplerMin = relativeStep(measureMin);
export const couplerVariation = relativeStep(measureVariation);
