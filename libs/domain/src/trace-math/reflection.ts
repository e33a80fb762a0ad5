/**
 * Return loss and SWR from a Log Mag trace of a reflection (20·log10|Sii| dB, ≤ 0 for a passive
 * port). INSTRUMENTS.md section 4: RL = −LogMag (positive dB), |Γ| = 10^(−RL/20),
 * SWR = (1 + |Γ|)/(1 − |Γ|), capped at SWR_CAP because |Γ| → 1 (an open, a short, or a noisy
 * measurement slightly above 1) sends it to infinity.
 */
import { familyUnit } from '../catalogue/catalogue';
import { extremes } from './extremes';
import type { Measurement } from './judge';
import { judgeEveryPoint } from './judge';
import { LOSS } from './magnitude';
import { measureEveryPoint } from './statistics';
import type { BandLimits } from './step-band';
import { stepBand } from './step-band';
import type { FormattedTrace } from './trace';

/** Reached at |Γ| = 999/1001 ≈ 0.998 (RL ≈ 0.017 dB); analyzers show no more either. */
export const SWR_CAP = 1000;

export function swrFromGamma(gamma: number): number {
  if (gamma >= 1) return SWR_CAP;
  return Math.min(SWR_CAP, (1 + gamma) / (1 - gamma));
}

export function swrFromLogMag(logMag_dB: number): number {
  return swrFromGamma(10 ** (logMag_dB / 20));
}

/** Return loss at every point; unlimited: the least (worst) return loss is shown. */
export const returnLoss = (t: FormattedTrace, p: BandLimits): Measurement =>
  measureEveryPoint(t, stepBand(t, p), LOSS, p, 'low');

/** SWR at every point; SWR grows with LogMag, so the band's extremes map straight across. */
export function swr(t: FormattedTrace, p: BandLimits): Measurement {
  const e = extremes(t.values, stepBand(t, p));
  const mapped = { ...e, max: swrFromLogMag(e.max), min: swrFromLogMag(e.min) };
  return judgeEveryPoint(t.freqs_Hz, mapped, p, familyUnit('swr'), 'high');
}
