/** Phase wrapping, unwrapping and interpolation, in degrees. */
import { firstAbove, firstAtOrAbove } from './band';
import { mhzText, TraceError } from './trace-error';
import type { FormattedTrace, NumberArray } from './trace';

/** The angle in (−180°, 180°], the range analyzers display (+180 stays, −180 becomes +180). */
export function wrapPhase(deg: number): number {
  const r = (180 - deg) % 360;
  return 180 - (r < 0 ? r + 360 : r);
}

/**
 * Continuous phase: each step between neighbours is taken as the one of its values modulo 360°
 * within ±180°. A step of exactly ±180° is ambiguous and read as −180° (phase falling with
 * frequency, i.e. a positive delay). Needs less than 180° of phase per frequency step.
 */
export function unwrapPhase(deg: NumberArray): Float64Array {
  const out = new Float64Array(deg.length);
  if (deg.length === 0) return out;
  let previous = deg[0] as number;
  let acc = previous;
  out[0] = acc;
  for (let i = 1; i < deg.length; i++) {
    const v = deg[i] as number;
    const d = v - previous;
    acc += d - 360 * Math.round(d / 360);
    out[i] = acc;
    previous = v;
  }
  return out;
}

/** The step from a to b reduced to [−180°, 180°) as unwrapPhase takes it. */
function phaseStep(a: number, b: number): number {
  const d = b - a;
  return d - 360 * Math.round(d / 360);
}

/**
 * Phase at f by linear interpolation on the unwrapped phase between the two measured
 * neighbours, wrapped to (−180°, 180°]. A measured frequency returns its own point. Outside the
 * measured range (beyond the edge tolerance) is a TraceError.
 */
export function phaseAt(trace: FormattedTrace, f_Hz: number): number {
  const { freqs_Hz, values } = trace;
  const n = freqs_Hz.length;
  const exact = firstAtOrAbove(freqs_Hz, f_Hz);
  if (exact < n && exact < firstAbove(freqs_Hz, f_Hz)) return wrapPhase(values[exact] as number);
  if (exact === 0 || exact === n) {
    throw new TraceError(
      'outOfRange',
      `${mhzText(f_Hz)} lies outside the measured ${mhzText(freqs_Hz[0] as number)} - ${mhzText(freqs_Hz[n - 1] as number)}`,
    );
  }
  const f0 = freqs_Hz[exact - 1] as number;
  const f1 = freqs_Hz[exact] as number;
  const p0 = values[exact - 1] as number;
  const p1 = p0 + phaseStep(p0, values[exact] as number);
  return wrapPhase(p0 + ((p1 - p0) * (f_Hz - f0)) / (f1 - f0));
}
