/**
 * Kaiser windows and the time-gate shapes. The cutoff times are the Keysight table's (HP 8753,
 * FieldFox; INSTRUMENTS.md section 4): 1.4, 2.8, 4.4 and 12.7 divided by the frequency span. The
 * Kaiser β of each shape's skirts is ours, tuned so that the table's passband ripple and sidelobe
 * level hold over the widest part of the band (docs/measurements.md, section 12): 4.25 (Minimum),
 * 6 (Normal), 5 (Wide), 6.25 (Maximum).
 */
import type { GatingShape } from '../params/params.types';

export interface GateShapeInfo {
  beta: number;
  /** Cutoff time × frequency span: the skirt from −6 dB to zero takes cutoff/span seconds. */
  cutoffSpans: number;
  /** The Keysight table's passband ripple (±dB) and sidelobe level (dB, negative). */
  passbandRipple_dB: number;
  sidelobe_dB: number;
  /**
   * The middle part of the band (a fraction of the span) where a gated trace keeps the table's
   * ripple and sidelobe level, for gates of at least twice the minimum span: steeper skirts
   * have a wider frequency function, which the band's ends cut sooner (docs/measurements.md).
   */
  reliableBand: number;
}

export const GATE_SHAPES: Readonly<Record<GatingShape, GateShapeInfo>> = {
  Minimum: { beta: 4.25, cutoffSpans: 1.4, passbandRipple_dB: 0.1, sidelobe_dB: -48, reliableBand: 0.1 },
  Normal: { beta: 6, cutoffSpans: 2.8, passbandRipple_dB: 0.1, sidelobe_dB: -68, reliableBand: 0.3 },
  Wide: { beta: 5, cutoffSpans: 4.4, passbandRipple_dB: 0.1, sidelobe_dB: -57, reliableBand: 0.6 },
  Maximum: { beta: 6.25, cutoffSpans: 12.7, passbandRipple_dB: 0.01, sidelobe_dB: -70, reliableBand: 0.8 },
};

/** Modified Bessel function of the first kind, order 0, by its power series (converges for all x). */
export function besselI0(x: number): number {
  const q = (x * x) / 4;
  let term = 1;
  let sum = 1;
  for (let k = 1; term > sum * 1e-17; k++) {
    term *= q / (k * k);
    sum += term;
  }
  return sum;
}

/** The Kaiser window at x ∈ [−1, 1] (0 outside): I0(β·√(1−x²)) / I0(β). */
export function kaiser(x: number, beta: number): number {
  if (x < -1 || x > 1) return 0;
  return besselI0(beta * Math.sqrt(1 - x * x)) / besselI0(beta);
}

/** N samples of the Kaiser window over the whole length, as numpy.kaiser(N, β). */
export function kaiserWindow(n: number, beta: number): Float64Array {
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = n === 1 ? 1 : kaiser((2 * i) / (n - 1) - 1, beta);
  return w;
}

const CDF_STEPS = 2048;
const cdfTables = new Map<number, Float64Array>();

/** The running integral of the Kaiser window over [−1, 1], normalised to end at 1 (trapezoids). */
function cdfTable(beta: number): Float64Array {
  let table = cdfTables.get(beta);
  if (table) return table;
  table = new Float64Array(CDF_STEPS + 1);
  let previous = kaiser(-1, beta);
  for (let i = 1; i <= CDF_STEPS; i++) {
    const current = kaiser((2 * i) / CDF_STEPS - 1, beta);
    table[i] = (table[i - 1] as number) + (previous + current) / 2;
    previous = current;
  }
  const total = table[CDF_STEPS] as number;
  for (let i = 0; i <= CDF_STEPS; i++) table[i] = (table[i] as number) / total;
  cdfTables.set(beta, table);
  return table;
}

/** ∫ from −∞ to u of the unit-area Kaiser kernel on [−1, 1]: 0 below −1, 1 above 1, ½ at 0. */
export function kaiserStep(u: number, beta: number): number {
  if (u <= -1) return 0;
  if (u >= 1) return 1;
  const table = cdfTable(beta);
  const x = ((u + 1) / 2) * CDF_STEPS;
  const i = Math.floor(x);
  const lo = table[i] as number;
  return lo + ((table[i + 1] as number) - lo) * (x - i);
}

/**
 * The Fourier transform at f of the unit-area Kaiser kernel on [−c, c] (the kernel kaiserStep
 * integrates, stretched to half-width c): 1 at f = 0. With w = 2πcf it is
 * (β / sinh β) · sinh(√(β² − w²)) / √(β² − w²), the sinh turning into a sin once w > β.
 */
export function kaiserKernelSpectrum(f_Hz: number, c_s: number, beta: number): number {
  const w = 2 * Math.PI * c_s * f_Hz;
  const a = beta * beta - w * w;
  const s = Math.sqrt(Math.abs(a));
  // sinh(s)/s and sin(s)/s both tend to 1 as s → 0
  const ratio = s < 1e-8 ? 1 : a > 0 ? Math.sinh(s) / s : Math.sin(s) / s;
  return beta === 0 ? ratio : (ratio * beta) / Math.sinh(beta);
}
