/**
 * Insertion loss, gain, attenuation and isolation from a Log Mag trace (20·log10|S21| in dB,
 * signed, as the analyzer displays it: ≤ 0 for a passive part). INSTRUMENTS.md section 4:
 * insertion loss, attenuation and isolation are losses, IL = −LogMag, positive dB, so
 * "Insertion Loss Max" with upper 1.5 passes when no point of the band loses more than 1.5 dB.
 * Gain is LogMag itself. StepLimits are in the sign of the quantity named by the action.
 */
import type { Measurement } from './judge';
import type { AverageMeasurement, Quantity, VariationMeasurement, WindowMeasurement } from './statistics';
import {
  measureAverage,
  measureCrossVariation,
  measureEveryPoint,
  measureMax,
  measureMin,
  measureVariation,
} from './statistics';
import type { BandLimits, CrossParam } from './step-band';
import { spanHz, stepBand } from './step-band';
import type { FormattedTrace } from './trace';

export const LOSS: Quantity = { sign: -1, offset: 0, unit: 'dB' };
export const GAIN: Quantity = { sign: 1, offset: 0, unit: 'dB' };

type Param = BandLimits;

export const insertionLossMax = (t: FormattedTrace, p: Param): Measurement =>
  measureMax(t, stepBand(t, p), LOSS, p);
export const insertionLossMin = (t: FormattedTrace, p: Param): Measurement =>
  measureMin(t, stepBand(t, p), LOSS, p);
export const insertionLossVariation = (t: FormattedTrace, p: Param): VariationMeasurement =>
  measureVariation(t, stepBand(t, p), LOSS, p);
export const insertionLossVariationCross = (t: FormattedTrace, p: CrossParam): WindowMeasurement =>
  measureCrossVariation(t, stepBand(t, p), spanHz(p), LOSS, p);
export const insertionLossAverage = (t: FormattedTrace, p: Param): AverageMeasurement =>
  measureAverage(t, stepBand(t, p), LOSS, p);

export const gainMax = (t: FormattedTrace, p: Param): Measurement => measureMax(t, stepBand(t, p), GAIN, p);
export const gainMin = (t: FormattedTrace, p: Param): Measurement => measureMin(t, stepBand(t, p), GAIN, p);
export const gainVariation = (t: FormattedTrace, p: Param): VariationMeasurement =>
  measureVariation(t, stepBand(t, p), GAIN, p);
export const gainVariationCross = (t: FormattedTrace, p: CrossParam): WindowMeasurement =>
  measureCrossVariation(t, stepBand(t, p), spanHz(p), GAIN, p);
export const gainAverage = (t: FormattedTrace, p: Param): AverageMeasurement =>
  measureAverage(t, stepBand(t, p), GAIN, p);

/** Attenuation (an attenuator's loss, −LogMag) at every point; unlimited: the largest is shown. */
export const attenuation = (t: FormattedTrace, p: Param): Measurement =>
  measureEveryPoint(t, stepBand(t, p), LOSS, p, 'high');

/** Isolation (−LogMag between ports that should not couple) at every point; unlimited: the least. */
export const isolation = (t: FormattedTrace, p: Param): Measurement =>
  measureEveryPoint(t, stepBand(t, p), LOSS, p, 'low');
