/**
 * Cable: the match of both ports and the transmission, each with its own limit, from three Log
 * Mag traces (S11, S22, S21 in dB). The step passes only when all three pass.
 * - SWR: the largest SWR of the band must not exceed the port limit (an upper limit).
 * - Return Loss: the least return loss must reach |port limit|. The specification lets this
 *   limit be negative (docs/requirements/step-parameters.md#alignment-check); a return loss of −15 dB cannot be meant as such, so
 *   −15 and 15 both mean "RL ≥ 15 dB" (equivalently LogMag ≤ −15 dB).
 * - Transmission: LogMag S21 (≤ 0 dB) must stay at or above transLossLimit_dB (≤ 0, e.g. −3).
 * The step's own value is the transmission's (its worst LogMag S21, dB); ports are in `port1`
 * and `port2`. A gate narrower than its shape's minimum adds its warning to the step's.
 */
import type { CableParam } from '../params/params.types';
import { narrowGateWarning } from './gating';
import type { Measurement } from './judge';
import { withWarning } from './judge';
import { GAIN } from './magnitude';
import { returnLoss, swr } from './reflection';
import { measureEveryPoint } from './statistics';
import type { BandLimits } from './step-band';
import { stepBand } from './step-band';
import type { FormattedTrace } from './trace';

export interface CableTraces {
  /** Log Mag dB of S11, S22 and S21. */
  s11: FormattedTrace;
  s22: FormattedTrace;
  s21: FormattedTrace;
}

export interface CableMeasurement extends Measurement {
  port1: Measurement;
  port2: Measurement;
  transmission: Measurement;
}

function port(trace: FormattedTrace, param: CableParam, limit: number | null): Measurement {
  const band = { startFreq_MHz: param.startFreq_MHz, stopFreq_MHz: param.stopFreq_MHz };
  if (param.port12MeasType === 'SWR') return swr(trace, { ...band, lower: null, upper: limit });
  return returnLoss(trace, { ...band, lower: limit === null ? null : Math.abs(limit), upper: null });
}

export function measureCable(param: CableParam, traces: CableTraces): CableMeasurement {
  const port1 = port(traces.s11, param, param.port1Limit);
  const port2 = port(traces.s22, param, param.port2Limit);
  const through: BandLimits = {
    startFreq_MHz: param.startFreq_MHz,
    stopFreq_MHz: param.stopFreq_MHz,
    lower: param.transLossLimit_dB,
    upper: null,
  };
  const transmission = measureEveryPoint(traces.s21, stepBand(traces.s21, through), GAIN, through, 'low');
  const result = port1.result && port2.result && transmission.result ? 1 : 0;
  const measurement: CableMeasurement = { ...transmission, result, port1, port2, transmission };
  return withWarning(measurement, narrowGateWarning(param, traces.s21.freqs_Hz));
}
