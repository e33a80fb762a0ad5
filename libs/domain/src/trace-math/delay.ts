/**
 * Group delay from a phase trace (degrees, wrapped or not), INSTRUMENTS.md section 4:
 * τ = −dφ/dω = −(1/360)·dφ°/df over an aperture of 2k frequency steps, centred:
 * τ(m) = −[φ(m+k) − φ(m−k)] / [360·(f(m+k) − f(m−k))], on the unwrapped phase. At the edges the
 * indices are clamped to the trace, so the first and last k points use a shorter, one-sided
 * aperture. The aperture is even (R&S keeps it so: an odd one shifts the trace half a step).
 */
import type { NumberArray, FormattedTrace } from './trace';
import { unwrapPhase } from './phase-math';

/**
 * k from the step's smoothing in % of the span (the analyzers' smoothing aperture, which they
 * also use as group-delay aperture): k = round(pct/100 · (N−1)/2), at least 1, so the default
 * smoothing 0 gives the smallest centred aperture, 2 steps.
 */
export function apertureSteps(smooth_pct: number | null, points: number): number {
  const pct = smooth_pct !== null && Number.isFinite(smooth_pct) && smooth_pct > 0 ? smooth_pct : 0;
  return Math.max(1, Math.round(((pct / 100) * (points - 1)) / 2));
}

/** Group delay in seconds at every point of a phase trace (one point alone has no delay: 0). */
export function groupDelays(freqs_Hz: NumberArray, phase_deg: NumberArray, k: number): Float64Array {
  const n = freqs_Hz.length;
  const phi = unwrapPhase(phase_deg);
  const out = new Float64Array(n);
  if (n < 2) return out;
  for (let m = 0; m < n; m++) {
    const lo = m - k < 0 ? 0 : m - k;
    const hi = m + k > n - 1 ? n - 1 : m + k;
    out[m] =
      -((phi[hi] as number) - (phi[lo] as number)) /
      (360 * ((freqs_Hz[hi] as number) - (freqs_Hz[lo] as number)));
  }
  return out;
}

/** The group delay trace in seconds (the analyzer's GDEL format). */
export function groupDelayTrace(phase: FormattedTrace, k: number): FormattedTrace {
  return { freqs_Hz: phase.freqs_Hz, values: groupDelays(phase.freqs_Hz, phase.values, k) };
}
