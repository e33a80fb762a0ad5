/**
 * Traces with known answers, for the specs and the bench: an ideal attenuator, a ripple of known
 * peak-to-peak, a lossless line's phase, a reflection at a known time. Not exported from the
 * index; other projects' tests may import it by path.
 */
import type { ComplexTrace } from './trace';
import { wrapPhase } from './phase-math';

/** Traces as plain arrays, so specs can map over them. */
export interface ArrayTrace {
  freqs_Hz: number[];
  values: number[];
}

export interface ArrayComplexTrace {
  freqs_Hz: number[];
  re: number[];
  im: number[];
}

/** n equally spaced frequencies from start to stop, both included. */
export function linearFreqs(start_Hz: number, stop_Hz: number, n: number): number[] {
  if (n === 1) return [start_Hz];
  return Array.from({ length: n }, (_, i) => start_Hz + ((stop_Hz - start_Hz) * i) / (n - 1));
}

export function flatTrace(freqs_Hz: number[], value: number): ArrayTrace {
  return { freqs_Hz, values: freqs_Hz.map(() => value) };
}

/** mean + (pp/2)·sin(2π(f − f0)/period): peak-to-peak pp once the band spans a period. */
export function rippleTrace(freqs_Hz: number[], mean: number, pp: number, period_Hz: number): ArrayTrace {
  const f0 = freqs_Hz[0] ?? 0;
  return {
    freqs_Hz,
    values: freqs_Hz.map((f) => mean + (pp / 2) * Math.sin((2 * Math.PI * (f - f0)) / period_Hz)),
  };
}

/** The phase of a lossless line of delay τ: φ = −360·f·τ degrees, wrapped as displayed. */
export function delayLinePhase(freqs_Hz: number[], tau_s: number): ArrayTrace {
  return { freqs_Hz, values: freqs_Hz.map((f) => wrapPhase(-360 * f * tau_s)) };
}

/** A reflection of amplitude a arriving at t0: S(f) = a·e^(−j2πf·t0). */
export function impulseResponse(freqs_Hz: number[], t0_s: number, a = 1): ArrayComplexTrace {
  return {
    freqs_Hz,
    re: freqs_Hz.map((f) => a * Math.cos(2 * Math.PI * f * t0_s)),
    im: freqs_Hz.map((f) => -a * Math.sin(2 * Math.PI * f * t0_s)),
  };
}

/** The sum of complex traces on the same frequencies. */
export function sumTraces(...traces: ComplexTrace[]): ArrayComplexTrace {
  const first = traces[0] as ComplexTrace;
  const add = (part: 're' | 'im') =>
    Array.from(first.freqs_Hz, (_, i) => traces.reduce((s, t) => s + (t[part][i] as number), 0));
  return { freqs_Hz: Array.from(first.freqs_Hz), re: add('re'), im: add('im') };
}
