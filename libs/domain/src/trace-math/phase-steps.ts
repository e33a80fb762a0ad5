/**
 * Group delay and phase actions, from the analyzer's phase trace in degrees. Group delay is
 * reported and limited in ns (the catalogue's unit), phase in degrees within (−180°, 180°].
 */
import { familyUnit } from '../catalogue/catalogue';
import type { GeneralNaParam } from '../params/params.types';
import { apertureSteps, groupDelays } from './delay';
import type { StepLimits, Measurement } from './judge';
import { judge } from './judge';
import { phaseAt, wrapPhase } from './phase-math';
import type { Quantity, VariationMeasurement, WindowMeasurement } from './statistics';
import {
  measureCrossVariation,
  measureEveryPoint,
  measureMax,
  measureMin,
  measureVariation,
} from './statistics';
import type { BandLimits } from './step-band';
import { spanHz, stepBand } from './step-band';
import type { FormattedTrace } from './trace';
import { checkTrace, paramHz } from './trace';

const NS: Quantity = { sign: 1, offset: 0, unit: familyUnit('groupDelay') };
const DEG: Quantity = { sign: 1, offset: 0, unit: familyUnit('phase') };

type Param = BandLimits & Pick<GeneralNaParam, 'smooth'>;
type CrossDelayParam = Param & Pick<GeneralNaParam, 'spanFreq_MHz'>;

export interface DelayMeasurement extends Measurement {
  /** The aperture used, in frequency steps (2k). */
  apertureSteps: number;
}

/** The group delay trace in ns over the whole sweep (the aperture may reach past the band). */
function delayTrace(t: FormattedTrace, p: Param): { trace: FormattedTrace; k: number } {
  const k = apertureSteps(p.smooth, t.freqs_Hz.length);
  const values = groupDelays(t.freqs_Hz, t.values, k);
  for (let i = 0; i < values.length; i++) values[i] = (values[i] as number) * 1e9;
  return { trace: { freqs_Hz: t.freqs_Hz, values }, k };
}

/** Group delay at every point of the band; unlimited: the largest is shown. */
export function groupDelay(t: FormattedTrace, p: Param): DelayMeasurement {
  const band = stepBand(t, p);
  const { trace, k } = delayTrace(t, p);
  return { ...measureEveryPoint(trace, band, NS, p, 'high'), apertureSteps: 2 * k };
}

export function groupDelayVariation(t: FormattedTrace, p: Param): VariationMeasurement & DelayMeasurement {
  const band = stepBand(t, p);
  const { trace, k } = delayTrace(t, p);
  return { ...measureVariation(trace, band, NS, p), apertureSteps: 2 * k };
}

export function groupDelayVariationCross(
  t: FormattedTrace,
  p: CrossDelayParam,
): WindowMeasurement & DelayMeasurement {
  const band = stepBand(t, p);
  const width = spanHz(p);
  const { trace, k } = delayTrace(t, p);
  return { ...measureCrossVariation(trace, band, width, NS, p), apertureSteps: 2 * k };
}

/** Phase at freq_MHz, interpolated (phase-math.ts). */
export function measurePhase(
  t: FormattedTrace,
  p: StepLimits & Pick<GeneralNaParam, 'freq_MHz'>,
): Measurement {
  checkTrace(t);
  const f = paramHz(p.freq_MHz, 'Frequency');
  const value = phaseAt(t, f);
  return { value, unit: DEG.unit, result: judge(value, p), freq_Hz: f };
}

/** The phase as displayed, wrapped to (−180°, 180°], so max and min are what the screen shows. */
function wrapped(t: FormattedTrace): FormattedTrace {
  const values = new Float64Array(t.values.length);
  for (let i = 0; i < values.length; i++) values[i] = wrapPhase(t.values[i] as number);
  return { freqs_Hz: t.freqs_Hz, values };
}

export function phaseMax(t: FormattedTrace, p: BandLimits): Measurement {
  return measureMax(wrapped(t), stepBand(t, p), DEG, p);
}

export function phaseMin(t: FormattedTrace, p: BandLimits): Measurement {
  return measureMin(wrapped(t), stepBand(t, p), DEG, p);
}
