/**
 * The band of a step: the measured points with f1 ≤ f ≤ f2, both edges included (a step
 * "800 - 900 MHz" judges the points at 800 and at 900 MHz). Frequencies read from an analyzer
 * carry rounding (899 999 999.9999 Hz for 900 MHz), so an edge admits points within one part
 * in 10⁹ of it (1 Hz at 1 GHz), far below any sweep step.
 */
import { mhzText, TraceError } from './trace-error';
import type { NumberArray } from './trace';

export const EDGE_TOLERANCE = 1e-9;

/** Half-open index range [from, to) of a sorted frequency list. */
export interface IndexRange {
  from: number;
  to: number;
}

/** First index whose frequency is ≥ f (with the edge tolerance), by bisection. */
export function firstAtOrAbove(freqs_Hz: NumberArray, f: number): number {
  const limit = f - Math.abs(f) * EDGE_TOLERANCE;
  let lo = 0;
  let hi = freqs_Hz.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((freqs_Hz[mid] as number) < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose frequency is > f (with the edge tolerance). */
export function firstAbove(freqs_Hz: NumberArray, f: number): number {
  const limit = f + Math.abs(f) * EDGE_TOLERANCE;
  let lo = 0;
  let hi = freqs_Hz.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((freqs_Hz[mid] as number) <= limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The points inside [f1, f2], without copying; no point inside is a TraceError. */
export function bandRange(freqs_Hz: NumberArray, f1_Hz: number, f2_Hz: number): IndexRange {
  if (!(f1_Hz <= f2_Hz)) {
    throw new TraceError('param', `The band starts at ${mhzText(f1_Hz)}, above its stop ${mhzText(f2_Hz)}`);
  }
  const from = firstAtOrAbove(freqs_Hz, f1_Hz);
  const to = firstAbove(freqs_Hz, f2_Hz);
  if (to <= from) {
    const n = freqs_Hz.length;
    const measured =
      n > 0 ? `${mhzText(freqs_Hz[0] as number)} - ${mhzText(freqs_Hz[n - 1] as number)}` : 'none';
    throw new TraceError(
      'emptyBand',
      `No measured point between ${mhzText(f1_Hz)} and ${mhzText(f2_Hz)} (measured: ${measured})`,
    );
  }
  return { from, to };
}

/** A copy of the points of a trace inside [f1, f2] (for display and export; measuring uses ranges). */
export function selectBand<T extends { freqs_Hz: NumberArray; values: NumberArray }>(
  trace: T,
  f1_Hz: number,
  f2_Hz: number,
): { freqs_Hz: number[]; values: number[] } {
  const { from, to } = bandRange(trace.freqs_Hz, f1_Hz, f2_Hz);
  const pick = (a: NumberArray): number[] => {
    const out: number[] = [];
    for (let i = from; i < to; i++) out.push(a[i] as number);
    return out;
  };
  return { freqs_Hz: pick(trace.freqs_Hz), values: pick(trace.values) };
}
