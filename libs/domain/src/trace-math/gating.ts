/**
 * Time-domain gating in software, for analyzers that do not gate themselves (INSTRUMENTS.md
 * section 4, after scikit-rf's time_gate): multiply the 1-port trace by a frequency window,
 * inverse DFT to the time domain, multiply by the gate, DFT back, divide the window out.
 * - Gate: a flat top between start and stop with skirts, the rectangle [start, stop] convolved
 *   with a Kaiser kernel of half-width c = cutoff/span (kaiser.ts). Its edges sit at −6 dB (½)
 *   exactly at start and stop, it is 1 from start + c to stop − c and 0 beyond c outside. A gate
 *   narrower than 2c (the table's minimum span) never reaches 1, as on the instruments.
 * - Notch: 1 − gate, so notch = original − band-pass exactly.
 * - Frequency window: Kaiser β 13 (sidelobes near −95 dB) whatever the shape, divided out after
 *   the gate. It keeps a reflection's time response within a few bins, so the gate cuts almost
 *   nothing of a response well inside it; smaller β (or none) leaks the slow sidelobes of the
 *   band's abrupt ends across the gate. Dividing out a window that is tiny at the band ends
 *   magnifies what the gate did cut there: the first and last few % of the band are unreliable,
 *   as on the instruments (docs/measurements.md).
 * The DFT runs on the N measured points (Bluestein, fft.ts), so time bins are 1/(N·Δf) apart and
 * the response repeats every 1/Δf: gate times must lie within ±1/(2Δf). Needs equally spaced
 * frequencies.
 */
import { GatingFields, GatingShape, GatingType } from '../params/params.types';
import { fft, ifft } from './fft';
import { GATE_SHAPES, kaiserStep, kaiserWindow } from './kaiser';
import { TraceError } from './trace-error';
import { checkComplexTrace, ComplexTrace, NumberArray } from './trace';

/** The Kaiser β of the frequency window (see above). */
export const FREQUENCY_WINDOW_BETA = 13;

export interface GateOptions {
  type: GatingType;
  shape: GatingShape;
  start_s: number;
  stop_s: number;
}

/** The gate of a step's gating fields (ns → s); unset times are a TraceError. */
export function gateOptionsOf(g: GatingFields): GateOptions {
  if (g.gatingStart_ns === null || g.gatingStop_ns === null) {
    throw new TraceError('param', 'Gating start and stop must be set');
  }
  return {
    type: g.gatingType,
    shape: g.gatingShape,
    start_s: g.gatingStart_ns * 1e-9,
    stop_s: g.gatingStop_ns * 1e-9,
  };
}

/** The narrowest gate that still reaches full height: twice the cutoff time. */
export function gateMinimumSpan_s(shape: GatingShape, span_Hz: number): number {
  return (2 * GATE_SHAPES[shape].cutoffSpans) / span_Hz;
}

/** The gate's height at time t (band-pass; 1 − this for a notch). */
export function gateValue(t_s: number, o: GateOptions, span_Hz: number): number {
  const { beta, cutoffSpans } = GATE_SHAPES[o.shape];
  const c = cutoffSpans / span_Hz;
  return kaiserStep((t_s - o.start_s) / c, beta) - kaiserStep((t_s - o.stop_s) / c, beta);
}

/** Δf of an equally spaced grid (steps may differ by 0.1 % of a step: rounded frequencies). */
function uniformStep(freqs_Hz: NumberArray): number {
  const n = freqs_Hz.length;
  const df = ((freqs_Hz[n - 1] as number) - (freqs_Hz[0] as number)) / (n - 1);
  for (let i = 1; i < n; i++) {
    const expected = (freqs_Hz[0] as number) + i * df;
    if (Math.abs((freqs_Hz[i] as number) - expected) > 1e-3 * df) {
      throw new TraceError(
        'nonUniform',
        `Gating needs equally spaced frequencies; index ${i} is off the grid`,
      );
    }
  }
  return df;
}

function checkGate(o: GateOptions, df: number): void {
  const limit = 1 / (2 * df);
  if (!(o.start_s < o.stop_s)) throw new TraceError('param', 'The gate start must be before its stop');
  if (o.start_s < -limit || o.stop_s > limit) {
    throw new TraceError(
      'param',
      `The gate must lie within ±${(limit * 1e9).toPrecision(4)} ns, the time range this sweep resolves (1/(2Δf))`,
    );
  }
}

/** The gated trace (new arrays, same frequencies). */
export function gateTrace(trace: ComplexTrace, o: GateOptions): ComplexTrace {
  checkComplexTrace(trace);
  const n = trace.freqs_Hz.length;
  if (n < 2) throw new TraceError('shape', 'Gating needs at least 2 points');
  const df = uniformStep(trace.freqs_Hz);
  checkGate(o, df);
  const span = (trace.freqs_Hz[n - 1] as number) - (trace.freqs_Hz[0] as number);
  const w = kaiserWindow(n, FREQUENCY_WINDOW_BETA);
  const xr = new Float64Array(n);
  const xi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xr[i] = (trace.re[i] as number) * (w[i] as number);
    xi[i] = (trace.im[i] as number) * (w[i] as number);
  }
  const time = ifft(xr, xi);
  const half = Math.ceil(n / 2);
  for (let m = 0; m < n; m++) {
    const t = (m < half ? m : m - n) / (n * df);
    const g = gateValue(t, o, span);
    const h = o.type === 'Notch' ? 1 - g : g;
    time.re[m] = (time.re[m] as number) * h;
    time.im[m] = (time.im[m] as number) * h;
  }
  const back = fft(time.re, time.im);
  for (let i = 0; i < n; i++) {
    back.re[i] = (back.re[i] as number) / (w[i] as number);
    back.im[i] = (back.im[i] as number) / (w[i] as number);
  }
  return { freqs_Hz: trace.freqs_Hz, re: back.re, im: back.im };
}
